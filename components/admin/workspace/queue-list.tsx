"use client";

import Link from "next/link";
import { ArchivedBadge } from "@/components/admin/archive";
import { DecideBy } from "@/components/admin/decide-by";
import { OwnApplicationBadge, OwnApplicationNote } from "@/components/admin/own-application";
import { StatusUpdateButton } from "@/components/admin/status-update-button";
import { ClaimButton } from "@/components/admin/workspace/assign-form";
import { RowCheckbox } from "@/components/admin/workspace/row-checkbox";
import { RequestsBadge } from "@/components/applications/document-requests";
import { StatusBadge } from "@/components/applications/status-badge";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { ApplicationListItem } from "@/lib/applications/queries.server";
import { REPLY_NEAR_DAYS, URGENCY_LABELS, urgencyOf } from "@/lib/applications/queue";
import { addDays, dayIn } from "@/lib/dates/days";
import { formatDate } from "@/lib/format";

// The workspace's rows, rendered by one component of the page's script for the whole list: the
// page hands over each row's data (a few hundred bytes), where rendering them on the server
// would hand over every row's markup in the page's payload besides its HTML. The rows' actions
// are forms and links, so the list works before the script loads.

const linkClass =
  "rounded-sm font-medium text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none";

/** What a row shows of an application, with the list's links narrowed to its program and its university. */
export type QueueRow = Pick<
  ApplicationListItem,
  "id" | "status" | "submittedAt" | "decideBy" | "replyBy" | "requests"
> & {
  student: { fullName: string; email: string };
  program: { name: string; degree: string; archived: boolean; timeZone: string; href: string };
  university: { name: string; href: string };
  assignee: { id: number; fullName: string } | null;
  /** The viewer may review it (not their own application). */
  reviewable: boolean;
};

/** The workspace's list of applications, in the order given. */
export function QueueList({
  label,
  rows,
  viewerId,
  now,
  listQuery,
}: {
  label: string;
  rows: readonly QueueRow[];
  viewerId: number;
  /** The moment the page was read (ISO), which the rows' dates are judged at on both sides. */
  now: string;
  listQuery: string;
}) {
  const at = new Date(now);
  return (
    <ul aria-label={label} className="flex flex-col gap-3">
      {rows.map((application) => (
        <ApplicationRow
          key={application.id}
          application={application}
          viewerId={viewerId}
          now={at}
          listQuery={listQuery}
        />
      ))}
    </ul>
  );
}

/**
 * One application of the workspace: a card on a phone, a row of four parts from 1024 px (who and
 * what, where it stands, who handles it and since when, the actions), each part wrapping within
 * its own width so that nothing is cut off under another.
 */
function ApplicationRow({
  application,
  viewerId,
  now,
  listQuery,
}: {
  application: QueueRow;
  viewerId: number;
  now: Date;
  listQuery: string;
}) {
  const { student, program, university, assignee, reviewable } = application;
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
            <Link href={program.href} className={linkClass} title="Show this program's applications">
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
            <Link href={university.href} className={linkClass} title="Show this university's applications">
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
              <StatusUpdateButton
                application={{
                  id: application.id,
                  status: application.status,
                  studentName: student.fullName,
                  programName: program.name,
                }}
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
