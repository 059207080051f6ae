import "server-only";
import { formatDate } from "@/lib/format";
import { Paragraph } from "@/lib/mail/blocks.server";
import type { ApplicationMessage } from "./application.server";

/** The admissions team's notice of an offer declined because its reply-by date passed. */
export function declinedByDefaultNotice(studentName: string, replyBy: Date): ApplicationMessage {
  const what =
    `${studentName} did not reply to the offer by its reply-by date, ${formatDate(replyBy)}, ` +
    "so it was declined by default. The student was told.";
  return { subject: "offer declined by default", preview: what, body: <Paragraph>{what}</Paragraph> };
}
