import type { Metadata } from "next";
import Link from "next/link";
import type { SearchParams } from "nuqs/server";
import { AdminListPage } from "@/components/admin/admin-list-page";
import { DecideBy } from "@/components/admin/decide-by";
import { OwnApplicationBadge, OwnApplicationNote } from "@/components/admin/own-application";
import { StatusUpdateDialog } from "@/components/admin/status-update-dialog";
import { RequestsBadge } from "@/components/applications/document-requests";
import { StatusBadge } from "@/components/applications/status-badge";
import { Button } from "@/components/ui/button";
import { TableCell, TableRow } from "@/components/ui/table";
import { listApplications } from "@/lib/applications/queries.server";
import { REQUEST_FILTER_LABELS, REQUEST_FILTERS } from "@/lib/applications/requests";
import { STATUS_LABELS } from "@/lib/applications/status";
import { STATUSES_IN_LIFE_ORDER } from "@/lib/applications/workflow";
import { canReviewApplication, heldPermissions } from "@/lib/auth/policy";
import { adminOrSignIn } from "@/lib/auth/session.server";
import { formatDate } from "@/lib/format";
import { applicationsListQuery } from "@/lib/validation/application";
import { ArchivedBadge } from "@/components/admin/archive";

export const metadata: Metadata = { title: "Applications" };

type Props = { searchParams: Promise<SearchParams> };

const linkClass =
  "rounded-sm font-medium text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none";

// Every status the list can be filtered by, in the order of an application's life.
const STATUS_SELECT = {
  name: "status",
  label: "Status",
  options: [
    { value: "all", label: "All Status" },
    ...STATUSES_IN_LIFE_ORDER.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
  ],
};

// Applications by their requests for a document or a correction: one waiting for the student, or
// one answered and waiting for the team to look and close it.
const REQUESTS_SELECT = {
  name: "requests",
  label: "Requests",
  options: (["all", ...REQUEST_FILTERS] as const).map((value) => ({
    value,
    label: REQUEST_FILTER_LABELS[value],
  })),
};

export default async function AdminApplicationsPage({ searchParams }: Props) {
  const viewer = await adminOrSignIn();
  const list = await applicationsListQuery.loadRows(searchParams, "/admin/applications", (query, window) =>
    listApplications({
      status: query.status === "all" ? undefined : query.status,
      requests: query.requests === "all" ? undefined : query.requests,
      search: query.q,
      ...window,
    }),
  );
  const now = new Date();

  return (
    <AdminListPage
      noun={["application", "applications"]}
      description="Review applications and move them through the admission workflow."
      search={{ placeholder: "Student name or program", selects: [STATUS_SELECT, REQUESTS_SELECT] }}
      columns={["Student", "Program", "Status", "Submitted"]}
      order="newest first"
      list={list}
    >
      {list.rows?.items.map((application) => (
        <TableRow
          key={application.id}
          data-focus-item={`application:${application.id}`}
          className="align-top"
        >
          <TableCell>
            <p className="font-medium text-slate-900">
              {application.student.fullName}
              {!canReviewApplication(viewer, application) && (
                <>
                  {" "}
                  <OwnApplicationBadge />
                </>
              )}
            </p>
            <p className="text-slate-600">{application.student.email}</p>
          </TableCell>
          <TableCell>
            <p className="font-medium text-slate-900">
              {application.program.name}{" "}
              <span className="font-normal text-slate-600">({application.program.degree})</span>
              {application.program.archived && (
                <>
                  {" "}
                  <ArchivedBadge />
                </>
              )}
            </p>
            <p>
              <Link href={`/university/${application.university.slug}`} className={linkClass}>
                {application.university.name}
              </Link>
            </p>
          </TableCell>
          <TableCell>
            <div className="flex flex-col gap-1.5">
              <StatusBadge status={application.status} />
              <RequestsBadge requests={application.requests} reader="staff" />
              <DecideBy
                status={application.status}
                decideBy={application.decideBy}
                timeZone={application.program.timeZone}
                now={now}
              />
            </div>
          </TableCell>
          <TableCell className="whitespace-nowrap text-slate-700">
            <time dateTime={application.submittedAt}>{formatDate(application.submittedAt)}</time>
          </TableCell>
          <TableCell pinned>
            <div className="flex justify-end gap-2">
              {canReviewApplication(viewer, application) ? (
                <StatusUpdateDialog
                  application={{
                    id: application.id,
                    status: application.status,
                    studentName: application.student.fullName,
                    programName: application.program.name,
                  }}
                  permissions={heldPermissions(viewer)}
                />
              ) : (
                <OwnApplicationNote compact />
              )}
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
    </AdminListPage>
  );
}
