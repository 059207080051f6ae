import "server-only";
import { Paragraph } from "@/lib/mail/blocks.server";
import type { ApplicationMessage } from "./application.server";

/** Three days before an offer's reply-by date, once per offer (lib/applications/jobs.server.ts). */
export function offerReplyReminder(university: string, replyBy: string): ApplicationMessage {
  const ask = `Reply to your offer from ${university} by ${replyBy}: accept or decline it on your applications page.`;
  return {
    subject: `reply to your offer by ${replyBy}`,
    preview: ask,
    body: (
      <>
        <Paragraph>{ask}</Paragraph>
        <Paragraph>Without a reply by the end of that day, the offer is declined for you.</Paragraph>
      </>
    ),
  };
}
