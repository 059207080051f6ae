import {
  detailsOf,
  madeBy,
  meaningOf,
  statusChange,
  transitionOf,
  type HistoryEntry,
  type HistoryReader,
} from "@/lib/applications/history";
import { CONDITION_STATUS_LABELS } from "@/lib/applications/conditions";
import { formatInterviewTime, INTERVIEW_MODE_LABELS, interviewLink } from "@/lib/applications/interview";
import { requestSubject } from "@/lib/applications/requests";
import { formatDate } from "@/lib/format";
import { TitledList } from "./titled-list";

const timestamp = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
  timeZoneName: "short",
});

const linkClass =
  "rounded-sm font-medium break-all text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none";

/**
 * An application's history, oldest first, as `reader` reads it: each event's meaning in plain
 * words, the status change, when and by whom, and what was recorded with it. The team sees the
 * time and the staff member's name; the student the day and "the admissions team".
 */
export function Timeline({
  history,
  reader,
  className,
}: {
  history: readonly HistoryEntry[];
  reader: HistoryReader;
  className?: string;
}) {
  return (
    <ol className={className ?? "flex flex-col gap-4"} aria-label="Status history, oldest first">
      {history.map((entry, index) => (
        <li
          key={`${entry.at}-${index}`}
          className="flex flex-col gap-1.5 border-l-2 border-slate-200 pl-4 text-sm"
          data-testid="history-entry"
        >
          <p className="font-medium text-slate-900">{meaningOf(entry, reader)}</p>
          <p className="text-xs text-slate-600">
            <span>{statusChange(entry)}</span>
            {" · "}
            <time dateTime={entry.at}>
              {reader === "staff" ? timestamp.format(new Date(entry.at)) : formatDate(entry.at)}
            </time>
            {" · "}
            {madeBy(entry, reader)}
          </p>
          <EventDetails entry={entry} />
          {entry.note && (
            <div className="rounded-md bg-slate-50 px-3 py-2 text-slate-800">
              <p className="font-medium text-slate-900">
                {reader === "staff" ? "Note to the student" : "Note from the admissions team"}
              </p>
              <p className="whitespace-pre-line">{entry.note}</p>
            </div>
          )}
        </li>
      ))}
    </ol>
  );
}

function EventDetails({ entry }: { entry: HistoryEntry }) {
  const { offer, interview, reasons, startTerm, conditions, marked, request, closedRequests } =
    detailsOf(entry);
  const link = interview && interviewLink(interview.location);
  return (
    <>
      {entry.reason && (
        <p className="whitespace-pre-line text-slate-800">
          <span className="font-medium text-slate-900">Reason: </span>
          {entry.reason}
        </p>
      )}
      {offer && (
        <div className="text-slate-800">
          {offer.conditions.length ? (
            <TitledList title="Conditions of the offer:" items={offer.conditions} />
          ) : (
            <p>No conditions: the offer is unconditional.</p>
          )}
          <p>Reply by {formatDate(offer.replyBy)}.</p>
          {offer.startTerm && <p>Start: {offer.startTerm}</p>}
        </div>
      )}
      {reasons.length > 0 && (
        <TitledList
          title={reasons.length === 1 ? "Reason:" : "Reasons:"}
          items={reasons.map((reason) => (
            <>
              {reason.label}: <span className="whitespace-pre-line">{reason.detail}</span>
            </>
          ))}
        />
      )}
      {interview && (
        <div className="text-slate-800">
          <p>
            <span className="font-medium text-slate-900">Interview: </span>
            {formatInterviewTime(interview)}
          </p>
          <p>
            {INTERVIEW_MODE_LABELS[interview.mode]}
            {": "}
            {link ? (
              <a href={link} className={linkClass} rel="noreferrer">
                {interview.location}
              </a>
            ) : (
              interview.location
            )}
          </p>
          {interview.notes && <p className="whitespace-pre-line">{interview.notes}</p>}
        </div>
      )}
      {startTerm && <p className="text-slate-800">New start: {startTerm}</p>}
      {conditions.length > 0 && <TitledList title={conditionsTitle(entry)} items={conditions} />}
      {marked && (
        <p className="text-slate-800">
          <span className="font-medium text-slate-900">Condition: </span>
          <span className="whitespace-pre-line">{marked.text}</span> ({CONDITION_STATUS_LABELS[marked.status]}
          )
        </p>
      )}
      {request?.message && <Said title="Message: " text={request.message} />}
      {request?.file && <Said title="File: " text={request.file} />}
      {request?.answer && <Said title="Answer: " text={request.answer} />}
      {closedRequests.length > 0 && (
        <TitledList
          title="Requests closed with the application:"
          items={closedRequests.map((closed) => requestSubject(closed))}
        />
      )}
    </>
  );
}

/** A text someone wrote or named, under its title, line breaks kept. */
function Said({ title, text }: { title: string; text: string }) {
  return (
    <p className="break-words whitespace-pre-line text-slate-800">
      <span className="font-medium text-slate-900">{title}</span>
      {text}
    </p>
  );
}

/** What the conditions a transition recorded are: met, not met, or still to meet. */
function conditionsTitle(entry: HistoryEntry): string {
  const requires = transitionOf(entry)?.requires ?? [];
  if (requires.includes("conditionsMet")) return "Conditions met:";
  if (requires.includes("conditionNotMet")) return "Conditions not met:";
  return "Conditions to meet:";
}
