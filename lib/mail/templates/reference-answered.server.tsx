import "server-only";
import { Paragraph, Quoted } from "@/lib/mail/blocks.server";
import type { ApplicationMessage } from "./application.server";

/**
 * A referee's answer as the student is told (lib/references/commands.server.ts): the reference
 * arrived, or the referee declined, with their reason and what to do next.
 */
export function referenceAnswered(
  referee: string,
  answer: { declined: false } | { declined: true; reason: string },
): ApplicationMessage {
  if (!answer.declined) {
    const said = `${referee} sent their reference for your application.`;
    return {
      subject: `reference received from ${referee}`,
      preview: said,
      body: <Paragraph>{said} Nothing more is needed from them.</Paragraph>,
    };
  }
  const said = `${referee} declined to write a reference for your application.`;
  return {
    subject: `${referee} declined to write a reference`,
    preview: said,
    body: (
      <>
        <Paragraph>{said}</Paragraph>
        <Quoted title="Their reason:">{answer.reason}</Quoted>
        <Paragraph>Name another referee in their place on your applications page.</Paragraph>
      </>
    ),
  };
}
