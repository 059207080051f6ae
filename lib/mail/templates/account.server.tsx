import "server-only";
import { FooterNote } from "@/lib/mail/blocks.server";

// What the e-mails about an account share.

/** The account as its e-mails name it: greeted by name at a proven address (lib/mail/greeting.ts). */
export interface MailAccount {
  fullName: string;
  emailVerifiedAt: Date | null;
  username: string;
}

/** Why the owner of an account's address gets its e-mails (about its security: always sent). */
export function accountFooter(platformName: string) {
  return (
    <FooterNote>You get this e-mail because this address belongs to a {platformName} account.</FooterNote>
  );
}
