import "server-only";
import { Body } from "@react-email/body";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import type { ReactNode } from "react";
import { env } from "@/lib/env.server";
import { blocksOf, MAIL_COLORS, MAIL_FONT, mailText } from "./blocks.server";

// Every e-mail the app sends is rendered here: one layout (the platform's name on the brand
// colour, one column at most 600 px wide that narrows with the screen, a footer saying why the
// reader gets it) around the content of a template (lib/mail/templates), as HTML with a plain-text
// alternative of the same words. DEVELOPERS.md "E-mails" says how to add one.

/** An e-mail ready for sendMail, but for its recipient. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** What a template gives: its subject, its content and its footer, made of lib/mail/blocks.server.tsx. */
export interface MailContent {
  subject: string;
  /** The line mail apps show after the subject in the inbox, from the content's own words. */
  preview: string;
  platformName: string;
  body: ReactNode;
  footer: ReactNode;
}

/** An address of the app as an e-mail gives it: absolute, on APP_URL. */
export function mailUrl(path: string): string {
  return new URL(path, env.APP_URL).toString();
}

const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

function MailLayout({ subject, preview, platformName, body, footer }: MailContent) {
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
        <title>{subject}</title>
      </Head>
      <Preview>{preview}</Preview>
      <Body
        style={{ backgroundColor: MAIL_COLORS.page, fontFamily: MAIL_FONT, margin: 0, padding: "16px 8px" }}
      >
        <Container style={{ backgroundColor: MAIL_COLORS.white, borderRadius: "8px", maxWidth: "600px" }}>
          <Section
            style={{
              backgroundColor: MAIL_COLORS.brand700,
              borderRadius: "8px 8px 0 0",
              padding: "16px 24px",
            }}
          >
            <Link
              href={mailUrl("/")}
              style={{ color: MAIL_COLORS.white, fontSize: "20px", fontWeight: 700, lineHeight: "28px" }}
            >
              {platformName}
            </Link>
          </Section>
          <Section style={{ padding: "24px 24px 8px" }}>{body}</Section>
          <Hr style={{ borderColor: MAIL_COLORS.rule, margin: 0 }} />
          <Section style={{ padding: "16px 24px 0" }}>{footer}</Section>
        </Container>
      </Body>
    </Html>
  );
}

/**
 * The HTML and the plain text of an e-mail. The text is the body's and the footer's blocks, a
 * blank line between them (the platform's name at the top of the HTML is the layout's).
 */
export async function renderMail(content: MailContent): Promise<RenderedMail> {
  // Imported when used: Next refuses react-dom/server imported by a module of its server
  // components' graph, and this is how react-email's own render loads it.
  const { renderToStaticMarkup } = await import("react-dom/server");
  const text = [...blocksOf(content.body), ...blocksOf(content.footer)]
    .map(mailText)
    .filter((block) => block !== "")
    .join("\n\n");
  return {
    subject: content.subject,
    html: DOCTYPE + renderToStaticMarkup(<MailLayout {...content} />),
    text: `${text}\n`,
  };
}
