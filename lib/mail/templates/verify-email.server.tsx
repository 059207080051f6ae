import "server-only";
import { ActionButton, FooterNote, Paragraph } from "@/lib/mail/blocks.server";
import { mailUrl, renderMail, type RenderedMail } from "@/lib/mail/render.server";

/**
 * The link that verifies an account's address, or (`change`) makes a pending address its own
 * (lib/users/accounts.server.ts). It goes to an address nobody has proven yet, so it carries
 * nothing the account's holder wrote (lib/mail/greeting.ts): no name, no username.
 */
export function verifyEmailMail(
  token: string,
  platformName: string,
  purpose: "verify" | "change" = "verify",
): Promise<RenderedMail> {
  const what =
    purpose === "change"
      ? `to make this the email address of your ${platformName} account; until then it keeps its current one`
      : `to confirm that this address belongs to your ${platformName} account`;
  return renderMail({
    subject: `Verify your email address for ${platformName}`,
    preview: `Open this link within 24 hours ${what}.`,
    platformName,
    body: (
      <>
        <Paragraph>Hello,</Paragraph>
        <Paragraph>Open this link within 24 hours {what}:</Paragraph>
        <ActionButton href={mailUrl(`/verify-email?token=${token}`)}>Verify your email address</ActionButton>
        <Paragraph>
          If you did not create an account or change its email address, ignore this e-mail.
        </Paragraph>
      </>
    ),
    footer: (
      <FooterNote>
        You get this e-mail because this address was entered for a {platformName} account.
      </FooterNote>
    ),
  });
}
