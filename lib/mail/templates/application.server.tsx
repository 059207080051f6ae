import "server-only";
import type { ReactNode } from "react";
import { greeting } from "@/lib/mail/greeting";
import { ActionButton, FooterNote, InlineLink, Paragraph } from "@/lib/mail/blocks.server";
import { mailUrl, renderMail, type RenderedMail } from "@/lib/mail/render.server";

// The frame of every e-mail about an application: the greeting, what happened, the way to the
// student's applications, and why they get it. The templates beside this file give the middle.

/** What an e-mail about an application names: the student and the program. */
export interface MailSubject {
  user: { email: string; fullName: string; emailVerifiedAt: Date | null };
  program: { name: string; degree: string; university: { name: string } };
}

/** What happened to the application, as a template tells it. */
export interface ApplicationMessage {
  /** Said after the application's title: "application received". */
  subject: string;
  preview: string;
  body: ReactNode;
}

/**
 * "Marine Biology (MSc) at Riverside University": every e-mail about an application names it in
 * its subject, so that mail about several applications does not thread together.
 */
export function applicationTitle(program: MailSubject["program"]): string {
  return `${program.name} (${program.degree}) at ${program.university.name}`;
}

export function applicationMail(
  about: MailSubject,
  platformName: string,
  message: ApplicationMessage,
): Promise<RenderedMail> {
  return renderMail({
    subject: `${applicationTitle(about.program)}: ${message.subject}`,
    preview: message.preview,
    platformName,
    body: (
      <>
        <Paragraph>{greeting(about.user)}</Paragraph>
        {message.body}
        <ActionButton href={mailUrl("/user/applications")} joiner=" at ">
          Follow your applications
        </ActionButton>
      </>
    ),
    footer: <FooterNote>You get this e-mail because you applied through {platformName}.</FooterNote>,
  });
}

/** The footer of every e-mail to staff: why they get it, and where to choose what they get. */
export function teamFooter(platformName: string) {
  return (
    <FooterNote>
      You get this e-mail because you are on the admissions team of {platformName}.{" "}
      <InlineLink href={mailUrl("/admin/notifications")} joiner=": ">
        Choose which e-mails you get
      </InlineLink>
    </FooterNote>
  );
}

/**
 * A notice to an admissions team member about one application (lib/notifications/tell.server.ts):
 * the greeting, what happened, the way to the application's page, and why they get it.
 */
export function teamApplicationMail(
  admin: MailSubject["user"],
  program: MailSubject["program"],
  applicationId: number,
  platformName: string,
  message: ApplicationMessage,
): Promise<RenderedMail> {
  return renderMail({
    subject: `${applicationTitle(program)}: ${message.subject}`,
    preview: message.preview,
    platformName,
    body: (
      <>
        <Paragraph>{greeting(admin)}</Paragraph>
        {message.body}
        <ActionButton href={mailUrl(`/admin/applications/${applicationId}`)} joiner=": ">
          The application
        </ActionButton>
      </>
    ),
    footer: teamFooter(platformName),
  });
}
