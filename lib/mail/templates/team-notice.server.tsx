import "server-only";
import { STATUS_LABELS } from "@/lib/applications/status";
import type { Transition } from "@/lib/applications/workflow";
import { formatDate } from "@/lib/format";
import { Paragraph, Quoted } from "@/lib/mail/blocks.server";
import type { ApplicationMessage } from "./application.server";

/** What the team is told about a move the student (or the scheduled jobs) made. */
export interface TeamNotice {
  transition: Pick<Transition, "name" | "to" | "meaning">;
  studentName: string;
  /** The student's reason, when they gave one. */
  reason?: string | null;
  /** The offer's reply-by date, for an offer declined by default. */
  replyBy?: Date | null;
}

/**
 * The admissions team's notice of a move it did not make (the transitions that mail the team):
 * the student's reply to an offer or withdrawal, or an offer declined because its reply-by date
 * passed. The transition's meaning, with the student named.
 */
export function teamNotice({ transition, studentName, reason, replyBy }: TeamNotice): ApplicationMessage {
  const byDefault = transition.name === "decline-by-default" && replyBy;
  const what = byDefault
    ? `${studentName} did not reply to the offer by its reply-by date, ${formatDate(replyBy)}, ` +
      "so it was declined by default. The student was told."
    : transition.meaning.replace(/^The student\b/, studentName);
  return {
    subject: byDefault ? "offer declined by default" : `${STATUS_LABELS[transition.to]} (${studentName})`,
    preview: what,
    body: (
      <>
        <Paragraph>{what}</Paragraph>
        {reason && <Quoted title="The student's reason:">{reason}</Quoted>}
      </>
    ),
  };
}
