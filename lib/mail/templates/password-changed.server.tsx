import "server-only";
import { InlineLink, Paragraph } from "@/lib/mail/blocks.server";
import { greeting } from "@/lib/mail/greeting";
import { mailUrl, renderMail, type RenderedMail } from "@/lib/mail/render.server";
import { accountFooter, type MailAccount } from "./account.server";

/** The notice that the password changed (lib/users/accounts.server.ts changePassword). */
export function passwordChangedMail(account: MailAccount, platformName: string): Promise<RenderedMail> {
  const changed =
    `The password of your ${platformName} account (username ${account.username}) was changed, ` +
    "and the account was signed out on your other devices.";
  return renderMail({
    subject: `The password of your ${platformName} account was changed`,
    preview: changed,
    platformName,
    body: (
      <>
        <Paragraph>{greeting(account)}</Paragraph>
        <Paragraph>{changed}</Paragraph>
        <Paragraph>
          If this was not you,{" "}
          <InlineLink href={mailUrl("/auth/forgot-password")} joiner=" at ">
            reset your password now
          </InlineLink>{" "}
          and contact support.
        </Paragraph>
      </>
    ),
    footer: accountFooter(platformName),
  });
}
