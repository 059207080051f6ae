import "server-only";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "@/lib/env.server";
import { MAIL_QUEUE, MAIL_RETRY, mailQueue } from "./queue.server";

// Outgoing e-mail. sendMail queues the message (lib/mail/queue.server.ts) and returns at once; the queue's
// worker (lib/mail/worker.server.ts) delivers it through one transport: SMTP when SMTP_URL is set;
// otherwise (development) each message is printed to the server log and saved under .data/mail as
// an .eml file.

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra header lines, e.g. List-Unsubscribe (RFC 8058) on reminder e-mails. */
  headers?: Record<string, string>;
  /**
   * The reference whose request this is: when the address is refused for good, the reference is
   * marked bounced (lib/mail/worker.server.ts).
   */
  bouncesReference?: number;
}

/** A connection in an open transaction: the message is queued only if that transaction commits. */
export interface MailDb {
  executeSql(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}

let transporter: Transporter | undefined;

function transport(): Transporter {
  transporter ??= env.SMTP_URL
    ? nodemailer.createTransport(env.SMTP_URL)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return transporter;
}

export const MAIL_DIR = join(process.cwd(), ".data", "mail");

/**
 * Queues an e-mail: it is kept in PostgreSQL and delivered by a worker, retried with growing
 * delays while the SMTP server cannot take it. Fails only if the database cannot store it.
 */
export async function sendMail(mail: Mail, options: { db?: MailDb } = {}): Promise<void> {
  const { to, subject, text, html, headers, bouncesReference } = mail;
  await (
    await mailQueue()
  ).send(
    MAIL_QUEUE,
    {
      to,
      subject,
      text,
      ...(html ? { html } : {}),
      ...(headers ? { headers } : {}),
      ...(bouncesReference ? { bouncesReference } : {}),
    },
    { ...MAIL_RETRY, ...(options.db ? { db: options.db } : {}) },
  );
}

/** Hands a message to the transport now; throws when the SMTP server refuses or cannot be reached. */
export async function deliverMail(mail: Mail): Promise<void> {
  // lib/env.server.ts already stops a production server without SMTP_URL; this keeps a reset link out of
  // a production log even if that check were bypassed.
  if (!env.SMTP_URL && env.NODE_ENV === "production") {
    throw new Error("SMTP_URL is not set: e-mail cannot be sent in production (see .env.example).");
  }
  const { to, subject, text, html, headers } = mail;
  const info = await transport().sendMail({ from: env.MAIL_FROM, to, subject, text, html, headers });
  if (!env.SMTP_URL) {
    mkdirSync(MAIL_DIR, { recursive: true });
    const file = join(
      MAIL_DIR,
      `${new Date().toISOString().replace(/[:.]/g, "-")}-${mail.to.replace(/[^\w.@-]/g, "_")}.eml`,
    );
    writeFileSync(file, (info as unknown as { message: Buffer }).message);
    console.info(
      `[mail] SMTP_URL is not set; saved "${mail.subject}" to ${mail.to} as ${file}\n${mail.text}`,
    );
  }
}
