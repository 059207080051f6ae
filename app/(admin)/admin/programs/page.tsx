import { PencilIcon, PlusIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import type { SearchParams } from "nuqs/server";
import { DeleteButton } from "@/components/admin/delete-button";
import { AdminPageHeader } from "@/components/admin/admin-page-header";
import { ListFilters } from "@/components/admin/list-filters";
import { ListResults } from "@/components/admin/list-results";
import { Button } from "@/components/ui/button";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { adminOrSignIn } from "@/lib/auth/session";
import { lastPageOf, listWindow } from "@/lib/paging";
import { formatDate, formatUsd } from "@/lib/format";
import {
  ALL_LEVELS,
  loadAdminProgramsParams,
  serializeAdminProgramsParams,
} from "@/lib/programs/admin-search-params";
import { listPrograms } from "@/lib/programs/queries";
import { listStudyLevels } from "@/lib/settings/queries";

export const metadata: Metadata = { title: "Programs" };

type Props = { searchParams: Promise<SearchParams> };

const linkClass =
  "rounded-sm text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none";

// SPEC §2 /admin/programs: search (program or university name), level filter, count, the table and
// its edit and delete actions. Searching and paging happen in the database (56,000+ programs).
export default async function AdminProgramsPage({ searchParams }: Props) {
  await adminOrSignIn();
  const params = await loadAdminProgramsParams(searchParams);
  const { page, search, limit, offset } = listWindow(params);
  const [levels, { items, total }] = await Promise.all([
    listStudyLevels(),
    listPrograms({
      search,
      level: params.level === ALL_LEVELS ? undefined : params.level,
      order: "newest",
      limit,
      offset,
    }),
  ]);
  const lastPage = lastPageOf(total);
  const hrefFor = (n: number) => serializeAdminProgramsParams("/admin/programs", { ...params, page: n });

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <AdminPageHeader
        title="Programs"
        description="Manage the academic programs offered by universities."
        action={
          <Button asChild>
            <Link href="/admin/programs/new">
              <PlusIcon aria-hidden="true" />
              Add Program
            </Link>
          </Button>
        }
      />

      <ListFilters
        label="Filter programs"
        placeholder="Program or university name"
        select={{
          name: "level",
          label: "Level",
          options: [
            { value: ALL_LEVELS, label: "All Levels" },
            ...levels.map((level) => ({ value: level, label: level })),
          ],
        }}
      />

      <ListResults
        noun={["program", "programs"]}
        total={total}
        shown={items.length}
        page={page}
        lastPage={lastPage}
        hrefFor={hrefFor}
        emptyHint="Try another name or level."
      >
        <Table className="min-w-[64rem]">
          <TableCaption>
            Programs, newest first (page {page} of {lastPage})
          </TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>Program Name</TableHead>
              <TableHead>University</TableHead>
              <TableHead>Level</TableHead>
              <TableHead>Field</TableHead>
              <TableHead>Degree</TableHead>
              <TableHead className="text-right">Duration (years)</TableHead>
              <TableHead className="text-right">Tuition (USD)</TableHead>
              <TableHead>Deadline</TableHead>
              <TableHead pinned className="text-right">
                Actions
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {items.map((program) => (
              <TableRow key={program.id}>
                <TableCell className="font-medium text-slate-900">{program.name}</TableCell>
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
                  {formatUsd(program.tuition, { cents: true })}
                </TableCell>
                <TableCell className="whitespace-nowrap">
                  <time dateTime={program.deadline}>{formatDate(program.deadline)}</time>
                </TableCell>
                <TableCell pinned>
                  <div className="flex justify-end gap-1">
                    <Button asChild variant="ghost" size="icon">
                      <Link href={`/admin/programs/${program.id}/edit`}>
                        <PencilIcon aria-hidden="true" />
                        <span className="sr-only">
                          Edit {program.name} at {program.university.name}
                        </span>
                      </Link>
                    </Button>
                    <DeleteButton
                      endpoint={`/api/programs/${program.id}`}
                      name={`${program.name} at ${program.university.name}`}
                      title="Delete Program"
                      description={`Are you sure you want to delete ${program.name}? This action cannot be undone.`}
                      warning="Deleting this program will remove all associated data including applications."
                      confirmLabel="Delete Program"
                      successMessage="Program deleted successfully"
                    />
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ListResults>
    </div>
  );
}
