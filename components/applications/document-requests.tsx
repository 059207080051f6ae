import { AlertCircleIcon, CheckCircle2Icon, CircleDashedIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import type { HistoryReader } from "@/lib/applications/history";
import {
  closedLine,
  REQUEST_STATUS_LABELS,
  REQUEST_STATUS_LABELS_FOR_STUDENT,
  type DocumentRequest,
  type RequestStatus,
} from "@/lib/applications/requests";
import { formatDate } from "@/lib/format";
import { DocumentList } from "./document-list";

const BADGE: Record<RequestStatus, { className: string; icon: typeof CheckCircle2Icon }> = {
  open: { className: "border-amber-300 bg-amber-50 text-amber-950", icon: AlertCircleIcon },
  answered: { className: "border-sky-300 bg-sky-50 text-sky-950", icon: CircleDashedIcon },
  closed: { className: "border-slate-300 bg-slate-50 text-slate-800", icon: CheckCircle2Icon },
};

/** Where a request stands in its colour, with an icon so that colour is not the only sign. */
export function RequestStatusBadge({ status, reader }: { status: RequestStatus; reader: HistoryReader }) {
  const { className, icon: Icon } = BADGE[status];
  return (
    <Badge variant="outline" data-request-status={status} className={className}>
      <Icon aria-hidden="true" />
      {(reader === "staff" ? REQUEST_STATUS_LABELS : REQUEST_STATUS_LABELS_FOR_STUDENT)[status]}
    </Badge>
  );
}

const count = (n: number, what: string) => `${n} ${what}${n === 1 ? "" : "s"}`;

/**
 * What an application's requests ask of the reader, beside its status: "Action required" for the
 * student while one waits for them; for the team, how many wait for the student and how many were
 * answered and wait for the team. Nothing when none is open or answered.
 */
export function RequestsBadge({
  requests,
  reader,
}: {
  requests: { open: number; answered: number };
  reader: HistoryReader;
}) {
  if (reader === "student")
    return requests.open > 0 ? <RequestStatusBadge status="open" reader="student" /> : null;
  return (
    <>
      {requests.answered > 0 && (
        <Badge variant="outline" className={BADGE.answered.className}>
          {count(requests.answered, "request")} answered
        </Badge>
      )}
      {requests.open > 0 && (
        <Badge variant="outline" className={BADGE.open.className}>
          {count(requests.open, "request")} waiting
        </Badge>
      )}
    </>
  );
}

/** Who closed the request and when, or that it closed with the application. */
function ClosedLine({
  request,
  reader,
  closedAt,
}: {
  request: DocumentRequest;
  reader: HistoryReader;
  closedAt: string;
}) {
  const { lead, tail } = closedLine(request, reader);
  return (
    <p className="text-xs text-slate-600" data-testid="request-closed">
      {lead} on <time dateTime={closedAt}>{formatDate(closedAt)}</time>
      {tail}
    </p>
  );
}

/**
 * An application's requests for a document or a correction as both sides read them: what was
 * asked and when (by whom, for the team), where it stands, the versions uploaded in answer, the
 * answer and who closed it. `controls` renders what the reader can do to a request (the student's
 * upload and answer, the team's Close).
 */
export function DocumentRequests({
  requests,
  reader,
  controls,
  titleId,
  itemHeading: Heading = "h3",
}: {
  requests: readonly DocumentRequest[];
  reader: HistoryReader;
  controls?: (request: DocumentRequest) => React.ReactNode;
  /** The id of the heading the list is named by. */
  titleId: string;
  /** Each request's heading, a level under the list's. */
  itemHeading?: "h3" | "h4";
}) {
  const staff = reader === "staff";
  return (
    <ul className="flex flex-col gap-3 text-sm" aria-labelledby={titleId}>
      {requests.map((request) => (
        <li
          key={request.id}
          data-testid="document-request"
          data-focus-item={`request:${request.id}`}
          className="flex flex-col gap-2 rounded-md border border-slate-200 px-3 py-3"
        >
          <div className="flex flex-wrap items-center gap-2">
            <Heading className="font-semibold text-slate-900">
              {request.documentType ?? (staff ? "A correction" : "A correction to your application")}
            </Heading>
            <RequestStatusBadge status={request.status} reader={reader} />
          </div>
          <p className="text-xs text-slate-600">
            Asked {staff ? `by ${request.requestedBy} ` : "by the admissions team "}on{" "}
            <time dateTime={request.createdAt}>{formatDate(request.createdAt)}</time>
          </p>
          <p className="break-words whitespace-pre-line text-slate-900">{request.message}</p>
          {request.documentType && (
            <div className="flex flex-col gap-1">
              <p className="font-medium text-slate-900">Uploaded in answer</p>
              <DocumentList
                documents={request.documents}
                empty="Nothing uploaded yet."
                markRequested={false}
              />
            </div>
          )}
          {request.answeredAt && (
            <p className="break-words whitespace-pre-line text-slate-800">
              <span className="font-medium text-slate-900">
                {staff ? "Answered" : "You answered"} on{" "}
                <time dateTime={request.answeredAt}>{formatDate(request.answeredAt)}</time>
                {request.answer ? ": " : "."}
              </span>
              {request.answer}
            </p>
          )}
          {request.closedAt && <ClosedLine request={request} reader={reader} closedAt={request.closedAt} />}
          {controls?.(request)}
        </li>
      ))}
    </ul>
  );
}
