import "server-only";
import { Paragraph, Quoted } from "@/lib/mail/blocks.server";
import type { ApplicationMessage } from "./application.server";

/**
 * The team asked the student for a document or a correction (lib/applications/requests.server.ts),
 * queued with the request: what is asked, the team's words, and where to answer.
 */
export function documentRequest({
  documentType,
  message,
}: {
  /** The document type asked for; null for a correction. */
  documentType: string | null;
  message: string;
}): ApplicationMessage {
  const asked = documentType
    ? `The admissions team asks you for your ${documentType}.`
    : "The admissions team asks you for a correction to your application.";
  const whatToSend = documentType
    ? "Upload it and answer the request on your applications page: your application waits for it."
    : "Answer the request on your applications page: your application waits for it.";
  return {
    subject: documentType ? `action required: ${documentType}` : "action required: a correction",
    preview: asked,
    body: (
      <>
        <Paragraph>{asked}</Paragraph>
        <Quoted title="The team's message:">{message}</Quoted>
        <Paragraph>{whatToSend}</Paragraph>
      </>
    ),
  };
}
