import "server-only";
import type { AuditActor } from "@/lib/audit/record.server";
import { recordAudit } from "@/lib/audit/record.server";
import { expireTags, RATES } from "@/lib/cache/tags.server";
import { prisma } from "@/lib/db/client.server";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { badRequest } from "@/lib/http/errors";
import { parseRatesCsv, RATES_MAX_BYTES, utcToday } from "./csv";

export const RATES_NOT_UTF8 = "The file must be UTF-8 text: save it as CSV UTF-8 and load it again.";
export const RATES_TOO_LARGE = `The file is too large: a rates file is at most ${RATES_MAX_BYTES / 1_000_000} MB.`;

export interface RatesLoaded {
  /** Rate lines saved (new days, or a day's rate replaced). */
  saved: number;
  /** The currencies the file had rates of. */
  currencies: string[];
}

/**
 * Loads a rates file (lib/rates/csv.ts): checked whole first (a bad line: 400 naming it, nothing
 * saved), then every line saved in one transaction, a rate already loaded for the same currency and
 * day replaced, with one audit entry; the public pages' rates expire after the commit.
 */
export async function loadRates(
  db: PrismaClient,
  actor: AuditActor,
  file: { name: string; bytes: Uint8Array },
  now: Date = new Date(),
): Promise<RatesLoaded> {
  if (file.bytes.byteLength > RATES_MAX_BYTES) throw badRequest(RATES_TOO_LARGE);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(file.bytes);
  } catch {
    throw badRequest(RATES_NOT_UTF8);
  }
  const parsed = parseRatesCsv(text, utcToday(now));
  if (!parsed.ok) throw badRequest(parsed.message, { file: [parsed.message] });
  const { rows } = parsed;
  const currencies = [...new Set(rows.map((row) => row.currency))].sort();
  await db.$transaction(async (tx) => {
    await tx.$executeRaw`
      INSERT INTO "exchange_rates" ("currency", "rateDate", "rate")
      SELECT * FROM unnest(${rows.map((r) => r.currency)}::text[], ${rows.map((r) => r.date)}::date[],
                           ${rows.map((r) => r.rate)}::numeric[])
      ON CONFLICT ("currency", "rateDate") DO UPDATE SET "rate" = EXCLUDED."rate", "createdAt" = CURRENT_TIMESTAMP`;
    const days = rows.map((row) => row.date).sort();
    await recordAudit(tx, actor, {
      action: "exchangeRates.load",
      entityType: "exchangeRates",
      entityId: file.name.slice(0, 200) || "rates.csv",
      summary: `${rows.length} exchange rate${rows.length === 1 ? "" : "s"} of ${currencies.length} currenc${currencies.length === 1 ? "y" : "ies"} (${days[0]} to ${days[days.length - 1]}) from ${file.name || "a file"}`,
      after: { rates: rows.map(({ currency, rate, date }) => ({ currency, rate, date })) },
    });
  });
  await expireTags(RATES);
  return { saved: rows.length, currencies };
}

/** loadRates on the app's database: the admin page's form and POST /api/rates. */
export function loadUploadedRates(actor: AuditActor, file: { name: string; bytes: Uint8Array }) {
  return loadRates(prisma, actor, file);
}
