import type { Metadata } from "next";
import Link from "next/link";
import type { SearchParams } from "nuqs/server";
import { ApplicationFilters } from "@/components/admin/application-filters";
import { StatusUpdateDialog } from "@/components/admin/status-update-dialog";
import { StatusBadge } from "@/components/applications/status-badge";
import { Pagination } from "@/components/search/pagination";
import { Button } from "@/components/ui/button";
import {
  ADMIN_APPLICATIONS_PAGE_SIZE as PAGE_SIZE,
  loadAdminApplicationsParams,
  serializeAdminApplicationsParams,
} from "@/lib/applications/admin-search-params";
import { listApplications } from "@/lib/applications/queries";
import { adminOrSignIn } from "@/lib/auth/session";
import { formatCount, formatDate } from "@/lib/format";

export const metadata: Metadata = { title: "Applications" };

type Props = { searchParams: Promise<SearchParams> };

const linkClass =
  "rounded-sm font-medium text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none";

export default async function AdminApplicationsPage({ searchParams }: Props) {
  await adminOrSignIn();
  const params = await loadAdminApplicationsParams(searchParams);
  const page = Math.max(1, params.page);
  const search = params.q.trim().slice(0, 200);
  const { items, total } = await listApplications({
    status: params.status === "all" ? undefined : params.status,
    search: search || undefined,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const hrefFor = (n: number) =>
    serializeAdminApplicationsParams("/admin/applications", { ...params, page: n });

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Applications</h1>
        <p className="text-slate-600">Review applications and move them through the admission workflow.</p>
      </div>

      <ApplicationFilters />

      <section aria-labelledby="applications-heading" className="flex flex-col gap-3">
        <h2 id="applications-heading" className="sr-only">
          Results
        </h2>
        <p className="text-sm text-slate-700" aria-live="polite" data-testid="applications-count">
          {formatCount(total)} {total === 1 ? "application" : "applications"}
        </p>

        {items.length === 0 ? (
          <div className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center">
            <p className="text-lg font-semibold text-slate-900">No applications found</p>
            <p className="mt-2 text-slate-600">
              {page > lastPage ? "This page is past the end of the results." : "Try another name or status."}
            </p>
            {page > lastPage && (
              <Button asChild variant="outline" className="mt-4">
                <Link href={hrefFor(1)}>Go to the first page</Link>
              </Button>
            )}
          </div>
        ) : (
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="w-full min-w-[48rem] text-left text-sm">
              <caption className="sr-only">
                Applications, newest first (page {page} of {lastPage})
              </caption>
              <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-700 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    Student
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Program
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Status
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Submitted
                  </th>
                  <th scope="col" className="px-4 py-3 text-right">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {items.map((application) => (
                  <tr key={application.id} className="align-top">
                    <td className="px-4 py-3">
                      <p className="font-medium text-slate-900">{application.student.fullName}</p>
                      <p className="text-slate-600">{application.student.email}</p>
                    </td>
                    <td className="px-4 py-3">
                      <p className="font-medium text-slate-900">
                        {application.program.name}{" "}
                        <span className="font-normal text-slate-600">({application.program.degree})</span>
                      </p>
                      <p>
                        <Link href={`/university/${application.university.slug}`} className={linkClass}>
                          {application.university.name}
                        </Link>
                      </p>
                    </td>
                    <td className="px-4 py-3">
                      <StatusBadge status={application.status} />
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                      <time dateTime={application.submittedAt}>{formatDate(application.submittedAt)}</time>
                    </td>
                    <td className="px-4 py-3">
                      <div className="flex justify-end gap-2">
                        <StatusUpdateDialog
                          application={{
                            id: application.id,
                            status: application.status,
                            studentName: application.student.fullName,
                            programName: application.program.name,
                          }}
                        />
                        <Button asChild variant="ghost" size="sm">
                          <Link href={`/admin/applications/${application.id}`}>
                            View details
                            <span className="sr-only">
                              {" "}
                              of {application.student.fullName}&apos;s application
                            </span>
                          </Link>
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}

        <Pagination current={page} last={lastPage} hrefFor={hrefFor} />
      </section>
    </div>
  );
}
