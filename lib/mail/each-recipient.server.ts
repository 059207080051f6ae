import "server-only";
import pg from "pg";
import { SESSION_OPTIONS } from "@/lib/db/client.server";
import { logger } from "@/lib/log.server";
import { mailQueue } from "./queue.server";
import type { MailDb } from "./send.server";

// The frame of a scheduled job that e-mails people one by one (deadline reminders, saved search
// alerts): each person's records and e-mail in one transaction of their own, on one connection,
// so the ledger rows and the queued e-mail commit together or not at all. A person whose
// transaction fails is counted and logged; the others still get theirs, and the next run retries.

export interface RecipientTransaction {
  /** The transaction's connection. */
  client: pg.Client;
  /** The same connection for sendMail({ db }): the e-mail is queued in the transaction. */
  db: MailDb;
}

/**
 * Runs `send` for each recipient in a transaction of its own. `send` returns how many items its
 * e-mail listed, 0 when it sent none (what it wrote is committed all the same).
 */
export async function sendToEach<R extends { userId: number }>(
  recipients: R[],
  connectionString: string | undefined,
  job: string,
  send: (recipient: R, transaction: RecipientTransaction) => Promise<number>,
): Promise<{ emails: number; items: number; failed: number }> {
  const result = { emails: 0, items: 0, failed: 0 };
  if (recipients.length === 0) return result;
  // Started before a transaction opens: the embedded database serves one transaction at a time,
  // and the queue's start-up queries would wait for ours.
  await mailQueue(connectionString);
  const client = new pg.Client({ connectionString, options: SESSION_OPTIONS });
  // A dropped connection fails the query in progress (its recipient is retried next run);
  // unhandled, the client's error event would end the process.
  client.on("error", (error) => logger().error({ err: error }, `${job}: connection lost`));
  await client.connect();
  const db: MailDb = { executeSql: (text, values) => client.query(text, values) };
  try {
    for (const recipient of recipients) {
      try {
        await client.query("BEGIN");
        const items = await send(recipient, { client, db });
        await client.query("COMMIT");
        if (items > 0) result.emails++;
        result.items += items;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        result.failed++;
        logger().error({ err: error, userId: recipient.userId }, `${job} not sent`);
      }
    }
  } finally {
    await client.end();
  }
  return result;
}
