import "server-only";
import { STATUS_LABELS } from "@/lib/applications/status";
import type { Transition, TransitionName } from "@/lib/applications/workflow";
import { formatDate } from "@/lib/format";
import { Paragraph, Quoted } from "@/lib/mail/blocks.server";
import type { ApplicationMessage } from "./application.server";

// What a staff member is told of an application, at once (one e-mail in the frame of
// teamApplicationMail) or as a line of the daily digest (staff-digest.server.tsx): both say the
// same sentence, made here.

/** What the team is told about a move the student (or the scheduled jobs) made. */
export interface TeamNotice {
  transition: Pick<Transition, "name" | "to" | "meaning">;
  studentName: string;
  /** The student's reason, when they gave one. */
  reason?: string | null;
  /** The offer's reply-by date, for an offer declined by default. */
  replyBy?: Date | null;
  /** The application's decide-by date, for one that became inactive. */
  decideBy?: Date | null;
}

/**
 * The sentence saying what a move the team did not make means: the transition's meaning with the
 * student named, or for the scheduled jobs' moves, which date passed.
 */
export function moveSentence({
  transition,
  studentName,
  replyBy,
  decideBy,
}: Omit<TeamNotice, "reason">): string {
  if (transition.name === "decline-by-default")
    return replyBy
      ? `${studentName} did not reply to the offer by its reply-by date, ${formatDate(replyBy)}, ` +
          "so it was declined by default. The student was told."
      : `${studentName} did not reply to the offer by its reply-by date, so it was declined by default.`;
  if (transition.name === "mark-inactive")
    return (
      `${studentName}'s application had no decision by its decide-by date` +
      `${decideBy ? `, ${formatDate(decideBy)}` : ""}, so it is now inactive. ` +
      "The team can still decide it."
    );
  return transition.meaning.replace(/^The student\b/, studentName);
}

const SUBJECTS: Partial<Record<TransitionName, string>> = {
  "decline-by-default": "offer declined by default",
  "mark-inactive": "no decision by the decide-by date",
};

/**
 * The admissions team's notice of a move it did not make (the transitions that mail the team):
 * the student's reply to an offer or withdrawal, an offer declined because its reply-by date
 * passed, or an application undecided past its decide-by date.
 */
export function teamNotice(notice: TeamNotice): ApplicationMessage {
  const { transition, studentName, reason } = notice;
  const what = moveSentence(notice);
  return {
    subject: SUBJECTS[transition.name] ?? `${STATUS_LABELS[transition.to]} (${studentName})`,
    preview: what,
    body: (
      <>
        <Paragraph>{what}</Paragraph>
        {reason && <Quoted title="The student's reason:">{reason}</Quoted>}
      </>
    ),
  };
}

/** "Robin Moreau applied on 2 March 2026." */
export function submissionSentence(studentName: string, submittedAt: Date): string {
  return `${studentName} applied on ${formatDate(submittedAt)}.`;
}

/** A new application to a program of a university the staff member handles. */
export function newSubmissionNotice(studentName: string, submittedAt: Date): ApplicationMessage {
  const what = submissionSentence(studentName, submittedAt);
  return {
    subject: `new application (${studentName})`,
    preview: what,
    body: <Paragraph>{what} Its status is Pending.</Paragraph>,
  };
}

/** What a student's answer to a request of the team did, in a sentence. */
export function answerSentence(studentName: string, documentType: string | null): string {
  return documentType
    ? `${studentName} sent the ${documentType} the team asked for.`
    : `${studentName} answered the team's request for a correction.`;
}

/** A student answered a request of the team: the document sent, or the correction's words. */
export function requestAnsweredNotice({
  studentName,
  documentType,
  answer,
}: {
  studentName: string;
  documentType: string | null;
  answer?: string | null;
}): ApplicationMessage {
  const what = answerSentence(studentName, documentType);
  return {
    subject: `request answered (${studentName})`,
    preview: what,
    body: (
      <>
        <Paragraph>{what} The request waits for the team to close it.</Paragraph>
        {answer && <Quoted title="The student's answer:">{answer}</Quoted>}
      </>
    ),
  };
}
