import type { Metadata } from "next";
import Link from "next/link";
import type { SearchParams } from "nuqs/server";
import { ExternalLinkIcon, PencilIcon, PlusIcon } from "lucide-react";
import { DeleteButton } from "@/components/admin/delete-button";
import { UniversityFilters } from "@/components/admin/university-filters";
import { CountryFlag } from "@/components/country-flag";
import { Pagination } from "@/components/search/pagination";
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
import { formatCount } from "@/lib/format";
import {
  ADMIN_UNIVERSITIES_PAGE_SIZE as PAGE_SIZE,
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
  const page = Math.max(1, params.page);
  const search = params.q.trim().slice(0, 200);
  const { items, total } = await searchUniversities(toSearchCriteria({ q: search }), {
    sort: "name",
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const hrefFor = (n: number) =>
    serializeAdminUniversitiesParams("/admin/universities", { ...params, page: n });

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Universities</h1>
          <p className="text-slate-600">Add, edit and remove the universities students can apply to.</p>
        </div>
        <Button asChild>
          <Link href="/admin/universities/new">
            <PlusIcon aria-hidden="true" />
            Add University
          </Link>
        </Button>
      </div>

      <UniversityFilters />

      <section aria-labelledby="universities-heading" className="flex flex-col gap-3">
        <h2 id="universities-heading" className="sr-only">
          Results
        </h2>
        <p className="text-sm text-slate-700" aria-live="polite" data-testid="universities-count">
          {formatCount(total)} {total === 1 ? "university" : "universities"}
        </p>

        {items.length === 0 ? (
          <div className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center">
            <p className="text-lg font-semibold text-slate-900">No universities found</p>
            <p className="mt-2 text-slate-600">
              {page > lastPage ? "This page is past the end of the results." : "Try another name."}
            </p>
            {page > lastPage && (
              <Button asChild variant="outline" className="mt-4">
                <Link href={hrefFor(1)}>Go to the first page</Link>
              </Button>
            )}
          </div>
        ) : (
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
        )}

        <Pagination current={page} last={lastPage} hrefFor={hrefFor} />
      </section>
    </div>
  );
}
