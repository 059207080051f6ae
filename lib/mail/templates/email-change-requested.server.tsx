import "server-only";
import { InlineLink, Paragraph } from "@/lib/mail/blocks.server";
import { greeting } from "@/lib/mail/greeting";
import { mailUrl, renderMail, type RenderedMail } from "@/lib/mail/render.server";
import { accountFooter, type MailAccount } from "./account.server";

/**
 * The notice to an account's address that a new one was entered and waits for its link
 * (lib/users/accounts.server.ts updateProfile).
 */
export function emailChangeRequestedMail(
  account: MailAccount,
  newEmail: string,
  platformName: string,
): Promise<RenderedMail> {
  const asked =
    `Someone signed in to your ${platformName} account (username ${account.username}) asked to change its ` +
    `email address from this address to ${newEmail}, and the account was signed out on your other devices.`;
  return renderMail({
    subject: `A new email address was entered for your ${platformName} account`,
    preview: asked,
    platformName,
    body: (
      <>
        <Paragraph>{greeting(account)}</Paragraph>
        <Paragraph>
          {asked} The account keeps this address until the link we sent to the new one is opened.
        </Paragraph>
        <Paragraph>
          If this was not you,{" "}
          <InlineLink href={mailUrl("/auth/forgot-password")} joiner=" at ">
            reset your password now
          </InlineLink>{" "}
          with this address: that also cancels the change. Then contact support.
        </Paragraph>
      </>
    ),
    footer: accountFooter(platformName),
  });
}
