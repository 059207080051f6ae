import "server-only";
import { ActionButton, Paragraph } from "@/lib/mail/blocks.server";
import { greeting } from "@/lib/mail/greeting";
import { mailUrl, renderMail, type RenderedMail } from "@/lib/mail/render.server";
import { accountFooter, type MailAccount } from "./account.server";

/** The link that sets a new password (lib/users/accounts.server.ts requestPasswordReset). */
export function passwordResetMail(
  account: Omit<MailAccount, "username">,
  token: string,
  platformName: string,
): Promise<RenderedMail> {
  const asked = `Someone (hopefully you) asked to reset the password of your ${platformName} account.`;
  return renderMail({
    subject: `Reset your ${platformName} password`,
    preview: asked,
    platformName,
    body: (
      <>
        <Paragraph>{greeting(account)}</Paragraph>
        <Paragraph>{asked} Open this link within one hour to choose a new password:</Paragraph>
        <ActionButton href={mailUrl(`/auth/reset-password?token=${token}`)}>
          Choose a new password
        </ActionButton>
        <Paragraph>If you did not ask for this, ignore this e-mail: your password stays as it is.</Paragraph>
      </>
    ),
    footer: accountFooter(platformName),
  });
}
