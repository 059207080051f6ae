import type { Metadata } from "next";
import Link from "next/link";
import type { SearchParams } from "nuqs/server";
import { AdminListPage, ExportLink } from "@/components/admin/admin-list-page";
import { ArchivedBadge } from "@/components/admin/archive";
import { DecideBy } from "@/components/admin/decide-by";
import { OwnApplicationBadge, OwnApplicationNote } from "@/components/admin/own-application";
import { StatusUpdateDialog } from "@/components/admin/status-update-dialog";
import { BulkActions, RowCheckbox } from "@/components/admin/workspace/bulk-actions";
import { ClaimButton } from "@/components/admin/workspace/assign-form";
import { QueueTabs } from "@/components/admin/workspace/queue-tabs";
import { RequestsBadge } from "@/components/applications/document-requests";
import { StatusBadge } from "@/components/applications/status-badge";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { listAssignableStaff } from "@/lib/applications/assignment.server";
import { addDays, dayIn } from "@/lib/dates/days";
import { listApplicationsByIds, type ApplicationListItem } from "@/lib/applications/queries.server";
import {
  ASSIGNEE_LABELS,
  QUEUE_ORDER_LABELS,
  QUEUE_ORDERS,
  REPLY_NEAR_DAYS,
  URGENCY_LABELS,
  urgencyOf,
} from "@/lib/applications/queue";
import { queuePage } from "@/lib/applications/queue.server";
import { REQUEST_FILTER_LABELS, REQUEST_FILTERS } from "@/lib/applications/requests";
import { STATUS_LABELS } from "@/lib/applications/status";
import { STATUSES_IN_LIFE_ORDER } from "@/lib/applications/workflow";
import { canReviewApplication, hasPermission, heldPermissions } from "@/lib/auth/policy";
import type { Permission } from "@/lib/auth/staff-permissions";
import { adminOrSignIn } from "@/lib/auth/session.server";
import { cachedCountries, cachedStudyLists } from "@/lib/cache/reads.server";
import { prisma } from "@/lib/db/client.server";
import { formatDate } from "@/lib/format";
import { workspaceListQuery } from "@/lib/validation/application";

export const metadata: Metadata = { title: "Applications" };

type Props = { searchParams: Promise<SearchParams> };

const PATH = "/admin/applications";

const linkClass =
  "rounded-sm font-medium text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none";

/** A select of the list's filters: its first option is the default, left out of the URL. */
function select(name: string, label: string, options: { value: string; label: string }[]) {
  return { name, label, options };
}

/** The university or program the list is narrowed to (set from a row's links), with a way back. */
async function narrowedTo(university: number | undefined, program: number | undefined) {
  const [u, p] = await Promise.all([
    university ? prisma.university.findUnique({ where: { id: university }, select: { name: true } }) : null,
    program
      ? prisma.program.findUnique({ where: { id: program }, select: { name: true, degree: true } })
      : null,
  ]);
  return {
    university: university ? (u?.name ?? `University ${university}`) : null,
    program: program ? (p ? `${p.name} (${p.degree})` : `Program ${program}`) : null,
  };
}

/**
 * The admissions team's workspace: every application, the most urgent first, in tabs by whose
 * move it is (with counts), filtered by the URL (lib/validation/application.ts's
 * workspaceListQuery, as GET /api/applications and the CSV export read it), each row with who
 * handles it, Claim, the status dialog and the details; rows can be selected for bulk actions.
 */
export default async function AdminApplicationsPage({ searchParams }: Props) {
  const viewer = await adminOrSignIn();
  const now = new Date();
  const list = await workspaceListQuery.loadRows(searchParams, PATH, async (query, window) => {
    const page = await queuePage(query, viewer, window, now);
    return { items: await listApplicationsByIds(page.ids), total: page.total, counts: page.counts };
  });
  // The filters' countries and levels come from the public search's cache (kept current by the
  // writes that change them) rather than counting universities per country on every render.
  const [staff, { levels }, countries, narrowed] = await Promise.all([
    listAssignableStaff(),
    cachedStudyLists(),
    cachedCountries(),
    list.ok ? narrowedTo(list.query.university, list.query.program) : null,
  ]);
  const values = list.ok ? list.values : null;
  const listQuery = values
    ? workspaceListQuery.serialize("", { ...values, page: list.ok ? list.page : 1 })
    : "";
  const exportQuery = values ? workspaceListQuery.serialize("", { ...values, page: null }) : "";
  const hrefWith = (change: Record<string, string | number | null>) =>
    workspaceListQuery.serialize(PATH, { ...(values ?? {}), ...change, page: null } as never);

  const selects = [
    select("assignee", "Assignee", [
      { value: "all", label: ASSIGNEE_LABELS.all },
      { value: "me", label: ASSIGNEE_LABELS.me },
      { value: "nobody", label: ASSIGNEE_LABELS.nobody },
      ...staff.filter((s) => s.id !== viewer.id).map((s) => ({ value: String(s.id), label: s.fullName })),
    ]),
    select("status", "Status", [
      { value: "all", label: "All Status" },
      ...STATUSES_IN_LIFE_ORDER.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
    ]),
    select(
      "requests",
      "Requests",
      (["all", ...REQUEST_FILTERS] as const).map((value) => ({ value, label: REQUEST_FILTER_LABELS[value] })),
    ),
    select("overdue", "Decide-by date", [
      { value: "false", label: "Any" },
      { value: "true", label: "Overdue only" },
    ]),
    select("country", "Country", [
      { value: "all", label: "All Countries" },
      ...countries.map((country) => ({ value: country.code, label: country.name })),
    ]),
    select("level", "Level", [
      { value: "all", label: "All Levels" },
      ...levels.map((level) => ({ value: level, label: level })),
    ]),
    select(
      "order",
      "Order",
      QUEUE_ORDERS.map((order) => ({ value: order, label: QUEUE_ORDER_LABELS[order] })),
    ),
  ];

  return (
    <AdminListPage
      noun={["application", "applications"]}
      description="The team's queue: the most urgent first. Claim what you handle, or work on many at once."
      action={
        hasPermission(viewer, "export-data") && (
          <ExportLink href={`/api/applications/export.csv${exportQuery}`} />
        )
      }
      tabs={
        list.ok && (
          <QueueTabs
            current={list.values.tab}
            counts={list.rows.counts}
            hrefFor={(tab) => hrefWith({ tab: tab === "all" ? null : tab })}
          />
        )
      }
      search={{
        placeholder: "Student name or program",
        selects,
        days: [
          { name: "from", label: "Submitted from" },
          { name: "to", label: "Submitted to" },
        ],
      }}
      order="newest first"
      list={list}
    >
      {list.ok && (
        <div className="flex flex-col gap-3">
          {(narrowed?.university || narrowed?.program) && (
            <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
              {narrowed.university && (
                <span>
                  University: <span className="font-medium text-slate-900">{narrowed.university}</span>{" "}
                  <Link href={hrefWith({ university: null })} className={linkClass}>
                    Show every university
                  </Link>
                </span>
              )}
              {narrowed.program && (
                <span>
                  Program: <span className="font-medium text-slate-900">{narrowed.program}</span>{" "}
                  <Link href={hrefWith({ program: null })} className={linkClass}>
                    Show every program
                  </Link>
                </span>
              )}
            </p>
          )}
          <BulkActions
            total={list.rows.total}
            shownIds={list.rows.items.filter((a) => canReviewApplication(viewer, a)).map((a) => a.id)}
            filters={exportQuery}
            staff={staff}
            viewerId={viewer.id}
            permissions={heldPermissions(viewer)}
          />
          <ul
            aria-label={`Applications, ${QUEUE_ORDER_LABELS[list.values.order].toLowerCase()}`}
            className="flex flex-col gap-3"
          >
            {list.rows.items.map((application) => (
              <ApplicationRow
                key={application.id}
                application={application}
                reviewable={canReviewApplication(viewer, application)}
                viewerId={viewer.id}
                permissions={heldPermissions(viewer)}
                now={now}
                listQuery={listQuery}
                filterHref={hrefWith}
              />
            ))}
          </ul>
        </div>
      )}
    </AdminListPage>
  );
}

/**
 * One application of the workspace: a card on a phone, a row of four parts from 1024 px (who and
 * what, where it stands, who handles it and since when, the actions), each part wrapping within
 * its own width so that nothing is cut off under another.
 */
function ApplicationRow({
  application,
  reviewable,
  viewerId,
  permissions,
  now,
  listQuery,
  filterHref,
}: {
  application: ApplicationListItem;
  reviewable: boolean;
  viewerId: number;
  /** What the viewer holds beyond the team's default (the status dialog offers decisions only with it). */
  permissions: readonly Permission[];
  now: Date;
  listQuery: string;
  filterHref: (change: Record<string, string | number | null>) => string;
}) {
  const { student, program, university, assignee } = application;
  const today = dayIn(now, program.timeZone);
  const urgency = urgencyOf({
    status: application.status,
    decideBy: application.decideBy,
    replyBy: application.replyBy,
    requests: application.requests,
    today,
    replyNearLimit: addDays(today, REPLY_NEAR_DAYS),
  });
  // Overdue and answered requests have their own badges (the decide-by date, the requests).
  const urgencyLabel =
    urgency === "conditions" || urgency === "reply-near" || urgency === "new"
      ? URGENCY_LABELS[urgency]
      : null;
  const headingId = `application-${application.id}`;
  return (
    <li
      data-focus-item={`application:${application.id}`}
      aria-labelledby={headingId}
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 lg:grid-cols-[auto_minmax(0,1fr)_minmax(9rem,12rem)_minmax(8rem,10rem)] lg:items-start lg:gap-4"
    >
      <div className="flex items-start gap-3 lg:contents">
        {reviewable ? (
          <RowCheckbox id={application.id} label={`Select ${student.fullName}'s application`} />
        ) : (
          <span className="hidden w-4 lg:block" />
        )}
        <div className="min-w-0">
          <h3 id={headingId} className="font-medium break-words text-slate-900">
            {student.fullName}
            {!reviewable && (
              <>
                {" "}
                <OwnApplicationBadge />
              </>
            )}
          </h3>
          <p className="text-sm break-words text-slate-600">{student.email}</p>
          <p className="mt-1 text-sm break-words text-slate-900">
            <Link
              href={filterHref({ program: program.id })}
              className={linkClass}
              title="Show this program's applications"
            >
              {program.name}
            </Link>{" "}
            <span className="text-slate-600">({program.degree})</span>
            {program.archived && (
              <>
                {" "}
                <ArchivedBadge />
              </>
            )}
          </p>
          <p className="text-sm break-words">
            <Link
              href={filterHref({ university: university.id })}
              className={linkClass}
              title="Show this university's applications"
            >
              {university.name}
            </Link>
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-1.5 lg:flex-col lg:items-start">
        <StatusBadge status={application.status} />
        {urgencyLabel && <Badge variant="outline">{urgencyLabel}</Badge>}
        <RequestsBadge requests={application.requests} reader="staff" />
        <DecideBy
          status={application.status}
          decideBy={application.decideBy}
          timeZone={program.timeZone}
          now={now}
        />
        {application.status === "approved" && application.replyBy && (
          <span className="text-sm text-slate-700">
            Reply by <time dateTime={application.replyBy}>{formatDate(application.replyBy)}</time>
          </span>
        )}
      </div>
      <div className="flex flex-col gap-3 text-sm text-slate-700">
        <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-1 lg:grid-cols-1">
          <dt className="text-slate-600 lg:sr-only">Assignee</dt>
          <dd className="font-medium break-words text-slate-900">
            {assignee ? (assignee.id === viewerId ? "You" : assignee.fullName) : "Nobody"}
          </dd>
          <dt className="text-slate-600">Submitted</dt>
          <dd className="whitespace-nowrap">
            <time dateTime={application.submittedAt}>{formatDate(application.submittedAt)}</time>
          </dd>
        </dl>
        <div className="flex flex-wrap gap-2">
          {reviewable ? (
            <>
              {assignee?.id !== viewerId && (
                <ClaimButton
                  applicationId={application.id}
                  viewerId={viewerId}
                  studentName={student.fullName}
                  listQuery={listQuery}
                />
              )}
              <StatusUpdateDialog
                application={{
                  id: application.id,
                  status: application.status,
                  studentName: student.fullName,
                  programName: program.name,
                }}
                permissions={permissions}
              />
            </>
          ) : (
            <OwnApplicationNote compact />
          )}
          <Button asChild variant="ghost" size="sm">
            <Link href={`/admin/applications/${application.id}`}>
              View details
              <span className="sr-only"> of {student.fullName}&apos;s application</span>
            </Link>
          </Button>
        </div>
      </div>
    </li>
  );
}
