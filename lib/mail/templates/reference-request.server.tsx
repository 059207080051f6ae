import "server-only";
import { ActionButton, FooterNote, Paragraph } from "@/lib/mail/blocks.server";
import { mailUrl, renderMail, type RenderedMail } from "@/lib/mail/render.server";
import { formatDate } from "@/lib/format";
import { readersOfReference } from "@/lib/references/rules";
import { applicationTitle, type MailSubject } from "./application.server";

/** What the e-mail to a referee says: who asks, for what, and until when the link works. */
export interface ReferenceRequest {
  studentName: string;
  program: MailSubject["program"];
  relationship: string;
  waived: boolean;
  token: string;
  expiresAt: Date;
  /** The student's one reminder: the same request, with a new link. */
  reminder: boolean;
}

/**
 * The request to a referee (lib/references/commands.server.ts), and its reminder. The address is
 * the one the student typed, which nobody has proven, so the greeting names nobody; the student's
 * name and the program are what the referee needs to decide. Opening the link changes nothing:
 * the page's form does.
 */
export function referenceRequestMail(request: ReferenceRequest, platformName: string): Promise<RenderedMail> {
  const { studentName, program } = request;
  const title = applicationTitle(program);
  const asked = `${studentName} applied to ${title} and named you as a referee (${request.relationship}).`;
  return renderMail({
    subject: `${request.reminder ? "Reminder: reference" : "Reference"} for ${studentName}: ${title}`,
    preview: asked,
    platformName,
    body: (
      <>
        <Paragraph>Hello,</Paragraph>
        <Paragraph>
          {asked}{" "}
          {request.reminder
            ? "They have not had your answer yet and would be grateful for it."
            : "They ask you to write a reference for their application."}
        </Paragraph>
        <Paragraph>{readersOfReference(studentName, request.waived)}</Paragraph>
        <Paragraph>
          Open this link by {formatDate(request.expiresAt)} to write the reference, upload it as a PDF, or
          decline:
        </Paragraph>
        <ActionButton href={mailUrl(`/reference/${request.token}`)}>Answer the request</ActionButton>
        <Paragraph>
          The link works for one answer.{" "}
          {request.reminder ? "It replaces the link of the first e-mail. " : ""}If you do not know{" "}
          {studentName}, ignore this e-mail.
        </Paragraph>
      </>
    ),
    footer: (
      <FooterNote>
        You get this e-mail because {studentName} named this address as a referee on {platformName}.
      </FooterNote>
    ),
  });
}
