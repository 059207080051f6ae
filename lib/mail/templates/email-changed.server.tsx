import "server-only";
import { FooterNote, Paragraph } from "@/lib/mail/blocks.server";
import { greeting } from "@/lib/mail/greeting";
import { renderMail, type RenderedMail } from "@/lib/mail/render.server";
import type { MailAccount } from "./account.server";

/**
 * The notice to an account's former address that the new one was confirmed
 * (lib/users/accounts.server.ts confirmEmailChange).
 */
export function emailChangedMail(
  account: MailAccount,
  newEmail: string,
  platformName: string,
): Promise<RenderedMail> {
  const changed =
    `The email address of your ${platformName} account (username ${account.username}) is now ${newEmail}: ` +
    "its owner opened the link we sent there.";
  return renderMail({
    subject: `The email address of your ${platformName} account was changed`,
    preview: changed,
    platformName,
    body: (
      <>
        <Paragraph>{greeting(account)}</Paragraph>
        <Paragraph>{changed} We will no longer e-mail this address.</Paragraph>
        <Paragraph>If this was not you, contact support.</Paragraph>
      </>
    ),
    footer: (
      <FooterNote>
        You get this e-mail because this was the address of a {platformName} account until now.
      </FooterNote>
    ),
  });
}
