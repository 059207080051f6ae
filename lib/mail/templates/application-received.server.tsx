import "server-only";
import { STATUS_LABELS } from "@/lib/applications/status";
import { formatDate } from "@/lib/format";
import { Paragraph } from "@/lib/mail/blocks.server";
import { applicationTitle, type ApplicationMessage, type MailSubject } from "./application.server";

/** The receipt of a submitted application, queued with it. */
export function applicationReceived(program: MailSubject["program"], submittedAt: Date): ApplicationMessage {
  const received = `We received your application to the ${applicationTitle(program)} on ${formatDate(submittedAt)}.`;
  return {
    subject: "application received",
    preview: received,
    body: (
      <Paragraph>
        {received} Its status is &quot;{STATUS_LABELS.pending}&quot;; you will get an e-mail each time it
        changes.
      </Paragraph>
    ),
  };
}
