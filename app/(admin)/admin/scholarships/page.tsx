import { PencilIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import type { SearchParams } from "nuqs/server";
import { AddLink, AdminListPage, ExportLink } from "@/components/admin/admin-list-page";
import { ArchivedBadge, RestoreButton } from "@/components/admin/archive";
import { DeleteButton } from "@/components/admin/delete-button";
import { Button } from "@/components/ui/button";
import { TableCell, TableRow } from "@/components/ui/table";
import { scholarshipDeleteTexts } from "@/lib/archive-texts";
import { canManageCatalogue, hasPermission } from "@/lib/auth/policy";
import { adminOrSignIn } from "@/lib/auth/session.server";
import { formatDate } from "@/lib/format";
import { amountText } from "@/lib/scholarships/amount";
import { listAdminScholarships } from "@/lib/scholarships/queries.server";
import { scholarshipsAdminListQuery } from "@/lib/validation/scholarship";

export const metadata: Metadata = { title: "Scholarships" };

type Props = { searchParams: Promise<SearchParams> };

const linkClass =
  "rounded-sm text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none";

// /admin/scholarships: search (name or provider), count, the table and its edit and delete
// actions, newest first. Archived scholarships are listed too, marked, with Restore in place of
// Delete. Adding, editing, deleting and restoring need the permission to manage the catalogue, the
// export the permission to export data: a team admin without them sees the list alone.
export default async function AdminScholarshipsPage({ searchParams }: Props) {
  const viewer = await adminOrSignIn();
  const manages = canManageCatalogue(viewer);
  const exports = hasPermission(viewer, "export-data");
  const list = await scholarshipsAdminListQuery.loadRows(
    searchParams,
    "/admin/scholarships",
    ({ q }, window) => listAdminScholarships({ search: q, ...window }),
  );

  return (
    <AdminListPage
      noun={["scholarship", "scholarships"]}
      description={
        manages
          ? "Manage the scholarships and other funding students can search and save."
          : "The scholarships and other funding students can search. Changing them needs the permission to manage the catalogue."
      }
      action={
        (exports || manages) && (
          <div className="flex flex-wrap gap-2">
            {exports && (
              <ExportLink
                href={scholarshipsAdminListQuery.serialize(
                  "/api/scholarships/export.csv",
                  list.ok ? { q: list.values.q } : {},
                )}
              />
            )}
            {manages && <AddLink href="/admin/scholarships/new">Add Scholarship</AddLink>}
          </div>
        )
      }
      search={{ placeholder: "Scholarship or provider" }}
      columns={["Name", "Provider", "For", "Amount", "Deadline"]}
      order="newest first"
      list={list}
    >
      {list.rows?.items.map((scholarship) => {
        const label = `${scholarship.name} (${scholarship.provider})`;
        return (
          <TableRow key={scholarship.id} data-focus-item={`scholarship:${scholarship.id}`}>
            <TableCell className="font-medium text-slate-900">
              <span className="inline-flex flex-wrap items-center gap-2">
                {scholarship.name}
                {scholarship.archivedAt ? (
                  <ArchivedBadge />
                ) : (
                  scholarship.archived && <ArchivedBadge>University or program archived</ArchivedBadge>
                )}
              </span>
            </TableCell>
            <TableCell>{scholarship.provider}</TableCell>
            <TableCell>
              {scholarship.university ? (
                <Link href={`/university/${scholarship.university.slug}`} className={linkClass}>
                  {scholarship.program
                    ? `${scholarship.program.name} (${scholarship.program.degree}), ${scholarship.university.name}`
                    : scholarship.university.name}
                </Link>
              ) : (
                "Any university"
              )}
            </TableCell>
            <TableCell className="whitespace-nowrap tabular-nums">
              {amountText(scholarship) ?? "Not stated"}
            </TableCell>
            <TableCell className="whitespace-nowrap">
              {scholarship.deadline ? (
                <time dateTime={scholarship.deadline}>{formatDate(scholarship.deadline)}</time>
              ) : (
                "None"
              )}
            </TableCell>
            <TableCell pinned>
              <div className="flex justify-end gap-1">
                {manages && (
                  <Button asChild variant="ghost" size="icon">
                    <Link href={`/admin/scholarships/${scholarship.id}/edit`}>
                      <PencilIcon aria-hidden="true" />
                      <span className="sr-only">Edit {label}</span>
                    </Link>
                  </Button>
                )}
                {!manages ? null : scholarship.archivedAt ? (
                  <RestoreButton
                    endpoint={`/api/scholarships/${scholarship.id}/restore`}
                    name={label}
                    successMessage="Scholarship restored"
                  />
                ) : (
                  <DeleteButton
                    endpoint={`/api/scholarships/${scholarship.id}`}
                    name={label}
                    {...scholarshipDeleteTexts(scholarship.name, scholarship.shortlistCount)}
                  />
                )}
              </div>
            </TableCell>
          </TableRow>
        );
      })}
    </AdminListPage>
  );
}
