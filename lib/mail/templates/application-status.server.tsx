import "server-only";
import { STATUS_LABELS, STATUS_MEANINGS, type ApplicationStatus } from "@/lib/applications/status";
import { Paragraph, Quoted, TitledList } from "@/lib/mail/blocks.server";
import type { ApplicationMessage } from "./application.server";

/** A move of an application as its student is told (lib/applications/transition.server.ts). */
export interface StatusChange {
  status: ApplicationStatus;
  /** What happened, in words addressed to the student, where the status's meaning would not say. */
  meaning?: string;
  /** What the move means for the student beyond the status's meaning. */
  nextStep?: string;
  /** An offer's conditions and the day to reply by (YYYY-MM-DD). */
  conditions?: string[];
  replyBy?: string;
  /** A rejection's reasons, each with its sentence of detail. */
  reasons?: string[];
  /** Why, as the team or the student gave it. */
  reason?: string | null;
  note?: string | null;
  /** The note's title, when it is more than a note (a rejection's "what you could do next"). */
  noteTitle?: string;
}

/** The new status, what it means, and what was said. */
export function applicationStatus(change: StatusChange): ApplicationMessage {
  const meaning = change.meaning ?? STATUS_MEANINGS[change.status];
  return {
    subject: `your application is now ${STATUS_LABELS[change.status]}`,
    preview: meaning,
    body: (
      <>
        <Paragraph>{meaning}</Paragraph>
        {change.nextStep && <Paragraph>{change.nextStep}</Paragraph>}
        {change.conditions && change.conditions.length > 0 && (
          <TitledList title="The offer's conditions:" items={change.conditions} />
        )}
        {change.replyBy && <Paragraph>Reply to the offer by {change.replyBy}.</Paragraph>}
        {change.reasons && change.reasons.length > 0 && (
          <TitledList
            title={change.reasons.length === 1 ? "The reason:" : "The reasons:"}
            items={change.reasons}
          />
        )}
        {change.reason && <Quoted title="The reason given:">{change.reason}</Quoted>}
        {change.note && (
          <Quoted title={change.noteTitle ?? "Note from the admissions team:"}>{change.note}</Quoted>
        )}
      </>
    ),
  };
}
