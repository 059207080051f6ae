import type { Metadata } from "next";
import Link from "next/link";
import type { SearchParams } from "nuqs/server";
import { ExternalLinkIcon, PencilIcon, PlusIcon } from "lucide-react";
import { DeleteButton } from "@/components/admin/delete-button";
import { AdminPageHeader } from "@/components/admin/admin-page-header";
import { ListFilters } from "@/components/admin/list-filters";
import { ListResults } from "@/components/admin/list-results";
import { CountryFlag } from "@/components/country-flag";
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
import { formatCount } from "@/lib/format";
import {
  loadAdminUniversitiesParams,
  serializeAdminUniversitiesParams,
} from "@/lib/universities/admin-search-params";
import { toSearchCriteria } from "@/lib/universities/criteria";
import { searchUniversities } from "@/lib/universities/search";

export const metadata: Metadata = { title: "Universities" };

type Props = { searchParams: Promise<SearchParams> };

// SPEC §2 /admin/universities: searched and paged in the database (10,000+ rows), by name.
export default async function AdminUniversitiesPage({ searchParams }: Props) {
  await adminOrSignIn();
  const params = await loadAdminUniversitiesParams(searchParams);
  const { page, search, limit, offset } = listWindow(params);
  const { items, total } = await searchUniversities(toSearchCriteria({ q: search }), {
    sort: "name",
    limit,
    offset,
  });
  const lastPage = lastPageOf(total);
  const hrefFor = (n: number) =>
    serializeAdminUniversitiesParams("/admin/universities", { ...params, page: n });

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <AdminPageHeader
        title="Universities"
        description="Add, edit and remove the universities students can apply to."
        action={
          <Button asChild>
            <Link href="/admin/universities/new">
              <PlusIcon aria-hidden="true" />
              Add University
            </Link>
          </Button>
        }
      />

      <ListFilters label="Search universities" placeholder="University name" />

      <ListResults
        noun={["university", "universities"]}
        total={total}
        shown={items.length}
        page={page}
        lastPage={lastPage}
        hrefFor={hrefFor}
        emptyHint="Try another name."
      >
        <Table className="min-w-[48rem]">
          <TableCaption>
            Universities by name (page {page} of {lastPage})
          </TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Name</TableHead>
              <TableHead scope="col">Country</TableHead>
              <TableHead scope="col" className="text-right">
                Ranking
              </TableHead>
              <TableHead scope="col" className="text-right">
                Programs
              </TableHead>
              <TableHead scope="col" pinned className="text-right">
                Actions
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {items.map((university) => (
              <TableRow key={university.id}>
                <TableCell className="font-medium text-slate-900">{university.name}</TableCell>
                <TableCell>
                  <span className="inline-flex items-center gap-2">
                    <CountryFlag code={university.countryCode} />
                    {university.country}
                  </span>
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {university.ranking ?? (
                    <>
                      <span aria-hidden="true" className="text-slate-500">
                        —
                      </span>
                      <span className="sr-only">Not ranked</span>
                    </>
                  )}
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {formatCount(university.programCount)}
                </TableCell>
                <TableCell pinned>
                  <div className="flex justify-end gap-1">
                    <Button asChild variant="ghost" size="icon">
                      <a href={`/university/${university.slug}`} target="_blank" rel="noopener noreferrer">
                        <ExternalLinkIcon aria-hidden="true" />
                        <span className="sr-only">View {university.name} (opens in a new tab)</span>
                      </a>
                    </Button>
                    <Button asChild variant="ghost" size="icon">
                      <Link href={`/admin/universities/${university.id}/edit`}>
                        <PencilIcon aria-hidden="true" />
                        <span className="sr-only">Edit {university.name}</span>
                      </Link>
                    </Button>
                    <DeleteButton
                      endpoint={`/api/universities/${university.id}`}
                      name={university.name}
                      title="Delete University"
                      description={`Are you sure you want to delete ${university.name}? This action cannot be undone.`}
                      warning="Deleting this university will also remove all of its programs and their applications."
                      confirmLabel="Delete University"
                      successMessage="University deleted successfully"
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
