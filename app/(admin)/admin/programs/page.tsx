import { PencilIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import type { SearchParams } from "nuqs/server";
import { AddLink, AdminListPage, ExportLink } from "@/components/admin/admin-list-page";
import { ArchivedBadge, RestoreButton } from "@/components/admin/archive";
import { DeleteButton } from "@/components/admin/delete-button";
import { Button } from "@/components/ui/button";
import { TableCell, TableRow } from "@/components/ui/table";
import { canManageCatalogue, hasPermission } from "@/lib/auth/policy";
import { adminOrSignIn } from "@/lib/auth/session.server";
import { deleteTexts } from "@/lib/archive-texts";
import { formatDate } from "@/lib/format";
import { formatMoney } from "@/lib/money/format";
import { listAdminPrograms } from "@/lib/programs/queries.server";
import { listStudyLevels } from "@/lib/settings/queries.server";
import { ALL_LEVELS, programsListQuery } from "@/lib/validation/program";

export const metadata: Metadata = { title: "Programs" };

type Props = { searchParams: Promise<SearchParams> };

const linkClass =
  "rounded-sm text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none";

// /admin/programs: search (program or university name), level filter, count, the table and
// its edit and delete actions. Searching and paging happen in the database (56,000+ programs).
// Archived programs are listed too, marked, with Restore in place of Delete. Adding, editing,
// deleting and restoring need the permission to manage the catalogue, the export the permission to
// export data: a team admin without them sees the list alone.
export default async function AdminProgramsPage({ searchParams }: Props) {
  const viewer = await adminOrSignIn();
  const manages = canManageCatalogue(viewer);
  const exports = hasPermission(viewer, "export-data");
  const [levels, list] = await Promise.all([
    listStudyLevels(),
    programsListQuery.loadRows(searchParams, "/admin/programs", ({ q, level }, window) =>
      listAdminPrograms({
        search: q,
        level: level && level !== ALL_LEVELS ? level : undefined,
        order: "newest",
        ...window,
      }),
    ),
  ]);
  const levelOptions = levels.map((level) => ({ value: level, label: level }));

  return (
    <AdminListPage
      noun={["program", "programs"]}
      description={
        manages
          ? "Manage the academic programs offered by universities."
          : "The academic programs offered by universities. Changing them needs the permission to manage the catalogue."
      }
      action={
        (exports || manages) && (
          <div className="flex flex-wrap gap-2">
            {exports && (
              <ExportLink
                href={programsListQuery.serialize(
                  "/api/programs/export.csv",
                  list.ok ? { q: list.values.q, level: list.values.level } : {},
                )}
              />
            )}
            {manages && <AddLink href="/admin/programs/new">Add Program</AddLink>}
          </div>
        )
      }
      search={{
        placeholder: "Program or university name",
        selects: [
          {
            name: "level",
            label: "Level",
            options: [{ value: ALL_LEVELS, label: "All Levels" }, ...levelOptions],
          },
        ],
      }}
      columns={[
        "Program Name",
        "University",
        "Level",
        "Field",
        "Degree",
        { label: "Duration (years)", numeric: true },
        { label: "Tuition", numeric: true },
        "Deadline",
      ]}
      order="newest first"
      list={list}
    >
      {list.rows?.items.map((program) => (
        <TableRow key={program.id} data-focus-item={`program:${program.id}`}>
          <TableCell className="font-medium text-slate-900">
            <span className="inline-flex flex-wrap items-center gap-2">
              {program.name}
              {program.universityArchived ? (
                <ArchivedBadge>University archived</ArchivedBadge>
              ) : (
                program.archivedAt && <ArchivedBadge />
              )}
            </span>
          </TableCell>
          <TableCell>
            <Link href={`/university/${program.university.slug}`} className={linkClass}>
              {program.university.name}
            </Link>
          </TableCell>
          <TableCell className="whitespace-nowrap">{program.level}</TableCell>
          <TableCell>{program.field}</TableCell>
          <TableCell>{program.degree}</TableCell>
          <TableCell className="text-right tabular-nums">{program.duration}</TableCell>
          <TableCell className="text-right whitespace-nowrap tabular-nums">
            {formatMoney(program.tuition, program.currency, { cents: true })}
          </TableCell>
          <TableCell className="whitespace-nowrap">
            <time dateTime={program.deadline}>{formatDate(program.deadline)}</time>
          </TableCell>
          <TableCell pinned>
            <div className="flex justify-end gap-1">
              {manages && (
                <Button asChild variant="ghost" size="icon">
                  <Link href={`/admin/programs/${program.id}/edit`}>
                    <PencilIcon aria-hidden="true" />
                    <span className="sr-only">
                      Edit {program.name} at {program.university.name}
                    </span>
                  </Link>
                </Button>
              )}
              {!manages || program.universityArchived ? null : program.archivedAt ? (
                <RestoreButton
                  endpoint={`/api/programs/${program.id}/restore`}
                  name={`${program.name} at ${program.university.name}`}
                  successMessage="Program restored"
                />
              ) : (
                <DeleteButton
                  endpoint={`/api/programs/${program.id}`}
                  name={`${program.name} at ${program.university.name}`}
                  {...deleteTexts("program", program.name, program.applicationCount)}
                />
              )}
            </div>
          </TableCell>
        </TableRow>
      ))}
    </AdminListPage>
  );
}
