import type { DocumentView } from "@/lib/documents/view";
import type { ApplicationStatus } from "./status";
import { STATUS_LABELS } from "./status";
import { OPEN_STATUSES } from "./workflow";

// The team's requests for a document or a correction, after an application is submitted: the team
// asks with a message, the student uploads a new version of the document (the submitted one stays)
// and answers, the team closes the request. Each step is an event of the application's history,
// named below; none changes the application's status. A move that closes the application closes
// its requests still open or answered (closesRequests), and its own event names them.
// Client-safe: both sides' pages show them.

export const REQUEST_STATUSES = ["open", "answered", "closed"] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** Where a request stands, as the team reads it. */
export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  open: "Waiting for the student",
  answered: "Answered",
  closed: "Closed",
};

/** Where a request stands, as the student reads it. */
export const REQUEST_STATUS_LABELS_FOR_STUDENT: Record<RequestStatus, string> = {
  open: "Action required",
  answered: "Answered, with the team",
  closed: "Closed",
};

/** One request of an application (GET /api/applications/{id}'s `requests`). */
export interface DocumentRequest {
  id: number;
  /** The document type asked for; null for a correction. */
  documentType: string | null;
  message: string;
  status: RequestStatus;
  /** Who asked (the name as it was), and when (ISO). */
  requestedBy: string;
  createdAt: string;
  answer: string | null;
  answeredAt: string | null;
  closedBy: string | null;
  closedAt: string | null;
  /**
   * The status that closed the application, when the request closed with it (closedBy is then who
   * moved the application, null for the scheduled jobs); null when the team closed it.
   */
  closedWith: ApplicationStatus | null;
  /** The versions the student uploaded in answer, oldest first. */
  documents: DocumentView[];
  /** What an upload of the requested type takes (its file types, its largest file); null for a correction. */
  accepts: { fileTypes: string[]; maxBytes: number } | null;
}

/**
 * The application's statuses in which the team may ask and the student may answer: while it is
 * open. A closed application (withdrawn, rejected, enrolled...) takes no request.
 */
export const REQUEST_STATUSES_OF_APPLICATION = OPEN_STATUSES;

export function acceptsRequests(status: ApplicationStatus): boolean {
  return (REQUEST_STATUSES_OF_APPLICATION as readonly ApplicationStatus[]).includes(status);
}

/**
 * Whether a move to `to` closes the application's requests still open or answered: it leaves the
 * statuses that take requests, so nobody can answer them any more, and the team's queue must not
 * count them as waiting. A move between open statuses leaves them as they are; a request once
 * closed stays closed, whatever the application does next.
 */
export function closesRequests(to: ApplicationStatus): boolean {
  return !acceptsRequests(to);
}

/** Why the application takes no request in this status, naming those that do. */
export function noRequestsMessage(status: ApplicationStatus): string {
  const open = REQUEST_STATUSES_OF_APPLICATION.map((s) => STATUS_LABELS[s]).join(", ");
  return `Documents and corrections are asked for while an application is open (${open}); this application is ${STATUS_LABELS[status]}.`;
}

/** What a request asks for, in a few words: "Transcript", "A correction". */
export function requestSubject(request: Pick<DocumentRequest, "documentType">): string {
  return request.documentType ?? "A correction";
}

/** The admin list's filter: applications with an open request, or with one answered and not closed. */
export const REQUEST_FILTERS = ["open", "answered"] as const;
export type RequestFilter = (typeof REQUEST_FILTERS)[number];

export const REQUEST_FILTER_LABELS: Record<RequestFilter | "all", string> = {
  all: "Any requests",
  open: "Waiting for the student",
  answered: "Answered, waiting for staff",
};

/**
 * How a closed request's line reads, around the day it closed ("{lead} on {day}{tail}"): who
 * closed it for the team ("by Ana Lima"), the admissions team for the student, and, when it
 * closed with the application, that it did and the application's status then, which tells the
 * student there is nothing more to send.
 */
export function closedLine(
  request: Pick<DocumentRequest, "closedBy" | "closedWith">,
  reader: "staff" | "student",
): { lead: string; tail: string } {
  const { closedBy, closedWith } = request;
  if (!closedWith)
    return {
      lead: `Closed by ${reader === "staff" ? (closedBy ?? "a removed account") : "the admissions team"}`,
      tail: "",
    };
  const status = STATUS_LABELS[closedWith];
  if (reader === "student")
    return { lead: `Closed with your application (${status})`, tail: ": there is nothing more to send." };
  return {
    lead: closedBy
      ? `Closed with the application (${status}) by ${closedBy}`
      : `Closed automatically with the application (${status})`,
    tail: "",
  };
}

/** A request a move closed with the application, as the move's event records it. */
export interface ClosedRequest {
  id: number;
  documentType: string | null;
  /** Where it stood before: waiting for the student, or answered. */
  status: Exclude<RequestStatus, "closed">;
}

/** The requests a move's event says it closed with the application (`closedRequests` of its data). */
export function closedRequestsOf(data: unknown): ClosedRequest[] {
  const list =
    (data && typeof data === "object" ? (data as { closedRequests?: unknown }).closedRequests : null) ?? [];
  if (!Array.isArray(list)) return [];
  return list.flatMap((item: { id?: unknown; documentType?: unknown; status?: unknown } | null) =>
    typeof item?.id === "number" && (item.status === "open" || item.status === "answered")
      ? [
          {
            id: item.id,
            documentType: typeof item.documentType === "string" ? item.documentType : null,
            status: item.status,
          },
        ]
      : [],
  );
}

/** The history's names of a request's steps (events that change no status, as a condition's mark). */
export const REQUEST_EVENTS = {
  requested: "request-document",
  uploaded: "upload-requested-document",
  answered: "answer-request",
  closed: "close-request",
} as const;
export type RequestStep = keyof typeof REQUEST_EVENTS;

/** A request's step as the history recorded it (the event's data). */
export interface RequestEvent {
  step: RequestStep;
  documentType: string | null;
  /** The team's message (asking). */
  message: string | null;
  /** The student's answer (answering), if they wrote one. */
  answer: string | null;
  /** The file's name (uploading). */
  file: string | null;
}

/** The request step an event recorded, or null for any other event. */
export function requestEventOf(entry: { transition: string | null; data: unknown }): RequestEvent | null {
  const step = (Object.keys(REQUEST_EVENTS) as RequestStep[]).find(
    (key) => REQUEST_EVENTS[key] === entry.transition,
  );
  if (!step) return null;
  const data = (entry.data && typeof entry.data === "object" ? entry.data : {}) as Record<string, unknown>;
  const request = (data.request && typeof data.request === "object" ? data.request : {}) as Record<
    string,
    unknown
  >;
  const text = (value: unknown) => (typeof value === "string" ? value : null);
  return {
    step,
    documentType: text(request.documentType),
    message: text(request.message),
    answer: text(data.answer),
    file: text((data.document as { name?: unknown } | undefined)?.name),
  };
}

/** The student did it (uploading, answering); the team did the rest. */
export function requestStepByStudent(step: RequestStep): boolean {
  return step === "uploaded" || step === "answered";
}

/** What the step means, for the team or in words addressed to the student. */
export function requestMeaning(event: RequestEvent, reader: "staff" | "student"): string {
  const staff = reader === "staff";
  const type = event.documentType;
  // "the Transcript" for the team, "your Transcript" for the student; "a correction" for both.
  const what = type ? `${staff ? "the" : "your"} ${type}` : "a correction";
  switch (event.step) {
    case "requested":
      return staff ? `The admissions team asked for ${what}.` : `The admissions team asked you for ${what}.`;
    case "uploaded":
      return staff
        ? `The student uploaded a new version of ${what} in answer to a request.`
        : `You uploaded a new version of ${what} as asked.`;
    case "answered":
      return staff
        ? `The student answered the request for ${what}.`
        : `You answered the request for ${what}.`;
    case "closed":
      return `The admissions team closed the request for ${what}.`;
  }
}
