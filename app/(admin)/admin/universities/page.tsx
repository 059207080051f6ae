import type { Metadata } from "next";
import Link from "next/link";
import type { SearchParams } from "nuqs/server";
import { ExternalLinkIcon, PencilIcon } from "lucide-react";
import { AddLink, AdminListPage, ExportLink } from "@/components/admin/admin-list-page";
import { ArchivedBadge, RestoreButton } from "@/components/admin/archive";
import { DeleteButton } from "@/components/admin/delete-button";
import { CountryFlag } from "@/components/country-flag";
import { Button } from "@/components/ui/button";
import { TableCell, TableRow } from "@/components/ui/table";
import { canManageCatalogue, hasPermission } from "@/lib/auth/policy";
import { adminOrSignIn } from "@/lib/auth/session.server";
import { deleteTexts } from "@/lib/archive-texts";
import { formatCount } from "@/lib/format";
import { toSearchCriteria } from "@/lib/universities/criteria";
import { rankingLabel } from "@/lib/universities/ranking";
import { searchAdminUniversities } from "@/lib/universities/search.server";
import { adminUniversitiesQuery } from "@/lib/universities/search-params";

export const metadata: Metadata = { title: "Universities" };

type Props = { searchParams: Promise<SearchParams> };

// /admin/universities: searched and paged in the database (10,000+ rows), by name.
// Archived universities are listed too, marked, with Restore in place of Delete. Adding, editing,
// deleting and restoring need the permission to manage the catalogue, the export the permission to
// export data: a team admin without them sees the list alone.
export default async function AdminUniversitiesPage({ searchParams }: Props) {
  const viewer = await adminOrSignIn();
  const manages = canManageCatalogue(viewer);
  const exports = hasPermission(viewer, "export-data");
  const list = await adminUniversitiesQuery.loadRows(searchParams, "/admin/universities", (query, window) =>
    searchAdminUniversities(toSearchCriteria(query), { sort: "name", ...window }),
  );

  return (
    <AdminListPage
      noun={["university", "universities"]}
      description={
        manages
          ? "Add, edit and remove the universities students can apply to."
          : "The universities students can apply to. Changing them needs the permission to manage the catalogue."
      }
      action={
        (exports || manages) && (
          <div className="flex flex-wrap gap-2">
            {exports && (
              <ExportLink
                href={adminUniversitiesQuery.serialize(
                  "/api/universities/export.csv",
                  list.ok ? { q: list.values.q } : {},
                )}
              />
            )}
            {manages && <AddLink href="/admin/universities/new">Add University</AddLink>}
          </div>
        )
      }
      search={{ placeholder: "University name" }}
      columns={["Name", "Country", { label: "Ranking", numeric: true }, { label: "Programs", numeric: true }]}
      order="by name"
      list={list}
    >
      {list.rows?.items.map((university) => (
        <TableRow key={university.id} data-focus-item={`university:${university.id}`}>
          <TableCell className="font-medium text-slate-900">
            <span className="inline-flex flex-wrap items-center gap-2">
              {university.name}
              {university.archivedAt && <ArchivedBadge />}
            </span>
          </TableCell>
          <TableCell>
            <span className="inline-flex items-center gap-2">
              <CountryFlag code={university.countryCode} />
              {university.country}
            </span>
          </TableCell>
          <TableCell className="text-right tabular-nums">
            {rankingLabel(university) ??
              (university.ranking !== null ? (
                // Stored before rankings had a source: not shown to visitors until one is added.
                <span className="text-slate-600">{university.ranking} (no source, not shown)</span>
              ) : (
                <>
                  <span aria-hidden="true" className="text-slate-500">
                    —
                  </span>
                  <span className="sr-only">Not ranked</span>
                </>
              ))}
          </TableCell>
          <TableCell className="text-right tabular-nums">{formatCount(university.programCount)}</TableCell>
          <TableCell pinned>
            <div className="flex justify-end gap-1">
              <Button asChild variant="ghost" size="icon">
                <a href={`/university/${university.slug}`} target="_blank" rel="noopener noreferrer">
                  <ExternalLinkIcon aria-hidden="true" />
                  <span className="sr-only">View {university.name} (opens in a new tab)</span>
                </a>
              </Button>
              {manages && (
                <Button asChild variant="ghost" size="icon">
                  <Link href={`/admin/universities/${university.id}/edit`}>
                    <PencilIcon aria-hidden="true" />
                    <span className="sr-only">Edit {university.name}</span>
                  </Link>
                </Button>
              )}
              {!manages ? null : university.archivedAt ? (
                <RestoreButton
                  endpoint={`/api/universities/${university.id}/restore`}
                  name={university.name}
                  successMessage="University restored"
                />
              ) : (
                <DeleteButton
                  endpoint={`/api/universities/${university.id}`}
                  name={university.name}
                  {...deleteTexts("university", university.name, university.applicationCount)}
                />
              )}
            </div>
          </TableCell>
        </TableRow>
      ))}
    </AdminListPage>
  );
}
