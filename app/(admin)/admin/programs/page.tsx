import { PencilIcon, PlusIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import type { SearchParams } from "nuqs/server";
import { DeleteButton } from "@/components/admin/delete-button";
import { ProgramFilters } from "@/components/admin/program-filters";
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
import { formatCount, formatDate, formatUsd } from "@/lib/format";
import {
  ADMIN_PROGRAMS_PAGE_SIZE as PAGE_SIZE,
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
  const page = Math.max(1, params.page);
  const search = params.q.trim().slice(0, 200);
  const [levels, { items, total }] = await Promise.all([
    listStudyLevels(),
    listPrograms({
      search: search || undefined,
      level: params.level === ALL_LEVELS ? undefined : params.level,
      order: "newest",
      limit: PAGE_SIZE,
      offset: (page - 1) * PAGE_SIZE,
    }),
  ]);
  const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const hrefFor = (n: number) => serializeAdminProgramsParams("/admin/programs", { ...params, page: n });

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Programs</h1>
          <p className="text-slate-600">Manage the academic programs offered by universities.</p>
        </div>
        <Button asChild>
          <Link href="/admin/programs/new">
            <PlusIcon aria-hidden="true" />
            Add Program
          </Link>
        </Button>
      </div>

      <ProgramFilters levels={levels} />

      <section aria-labelledby="programs-heading" className="flex flex-col gap-3">
        <h2 id="programs-heading" className="sr-only">
          Results
        </h2>
        <p className="text-sm text-slate-700" aria-live="polite" data-testid="programs-count">
          {formatCount(total)} {total === 1 ? "program" : "programs"}
        </p>

        {items.length === 0 ? (
          <div className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center">
            <p className="text-lg font-semibold text-slate-900">No programs found</p>
            <p className="mt-2 text-slate-600">
              {page > lastPage ? "This page is past the end of the results." : "Try another name or level."}
            </p>
            {page > lastPage && (
              <Button asChild variant="outline" className="mt-4">
                <Link href={hrefFor(1)}>Go to the first page</Link>
              </Button>
            )}
          </div>
        ) : (
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
        )}

        <Pagination current={page} last={lastPage} hrefFor={hrefFor} />
      </section>
    </div>
  );
}
