import type { Metadata } from "next";
import Link from "next/link";
import type { SearchParams } from "nuqs/server";
import { AdminPageHeader } from "@/components/admin/admin-page-header";
import { ListFilters } from "@/components/admin/list-filters";
import { ListResults } from "@/components/admin/list-results";
import { StatusUpdateDialog } from "@/components/admin/status-update-dialog";
import { StatusBadge } from "@/components/applications/status-badge";
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
import {
  loadAdminApplicationsParams,
  serializeAdminApplicationsParams,
  STATUS_FILTERS,
} from "@/lib/applications/admin-search-params";
import { listApplications } from "@/lib/applications/queries";
import { STATUS_LABELS } from "@/lib/applications/status";
import { adminOrSignIn } from "@/lib/auth/session";
import { lastPageOf, listWindow } from "@/lib/paging";
import { formatDate } from "@/lib/format";

export const metadata: Metadata = { title: "Applications" };

type Props = { searchParams: Promise<SearchParams> };

const linkClass =
  "rounded-sm font-medium text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none";

export default async function AdminApplicationsPage({ searchParams }: Props) {
  await adminOrSignIn();
  const params = await loadAdminApplicationsParams(searchParams);
  const { page, search, limit, offset } = listWindow(params);
  const { items, total } = await listApplications({
    status: params.status === "all" ? undefined : params.status,
    search,
    limit,
    offset,
  });
  const lastPage = lastPageOf(total);
  const hrefFor = (n: number) =>
    serializeAdminApplicationsParams("/admin/applications", { ...params, page: n });

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <AdminPageHeader
        title="Applications"
        description="Review applications and move them through the admission workflow."
      />

      <ListFilters
        label="Filter applications"
        placeholder="Student name or program"
        select={{
          name: "status",
          label: "Status",
          options: STATUS_FILTERS.map((status) => ({
            value: status,
            label: status === "all" ? "All Status" : STATUS_LABELS[status],
          })),
        }}
      />

      <ListResults
        noun={["application", "applications"]}
        total={total}
        shown={items.length}
        page={page}
        lastPage={lastPage}
        hrefFor={hrefFor}
        emptyHint="Try another name or status."
      >
        <Table className="min-w-[48rem]">
          <TableCaption>
            Applications, newest first (page {page} of {lastPage})
          </TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>Student</TableHead>
              <TableHead>Program</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Submitted</TableHead>
              <TableHead pinned className="text-right">
                Actions
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {items.map((application) => (
              <TableRow key={application.id} className="align-top">
                <TableCell>
                  <p className="font-medium text-slate-900">{application.student.fullName}</p>
                  <p className="text-slate-600">{application.student.email}</p>
                </TableCell>
                <TableCell>
                  <p className="font-medium text-slate-900">
                    {application.program.name}{" "}
                    <span className="font-normal text-slate-600">({application.program.degree})</span>
                  </p>
                  <p>
                    <Link href={`/university/${application.university.slug}`} className={linkClass}>
                      {application.university.name}
                    </Link>
                  </p>
                </TableCell>
                <TableCell>
                  <StatusBadge status={application.status} />
                </TableCell>
                <TableCell className="whitespace-nowrap text-slate-700">
                  <time dateTime={application.submittedAt}>{formatDate(application.submittedAt)}</time>
                </TableCell>
                <TableCell pinned>
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
                        <span className="sr-only"> of {application.student.fullName}&apos;s application</span>
                      </Link>
                    </Button>
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
