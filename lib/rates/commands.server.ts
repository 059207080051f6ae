import "server-only";
import type { AuditActor } from "@/lib/audit/record.server";
import { recordAudit } from "@/lib/audit/record.server";
import { expireTags, RATES, UNIVERSITY_LISTS } from "@/lib/cache/tags.server";
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
  /** Programs whose tuition in US dollars the new rates changed. */
  programs: number;
}

/** What the admin page and the command say after a load. */
export function ratesLoadedMessage({ saved, currencies, programs }: RatesLoaded): string {
  const rates = `Saved ${saved} exchange rate${saved === 1 ? "" : "s"} of ${currencies.join(", ")}.`;
  if (programs === 0) return rates;
  return `${rates} The tuition in US dollars of ${programs} program${programs === 1 ? "" : "s"} changed.`;
}

/**
 * The key class of the lock a load holds while it saves rates and works out the programs' tuition
 * in US dollars again (pg_advisory_xact_lock's two-key form, second key 0). The trigger that works
 * out a program's figure takes it shared (migration 20261129100000_program_tuition_in_us_dollars):
 * a program written during a load waits for it and reads the new rate.
 */
const RATES_LOCK_CLASS = 0x726174;

/**
 * Loads a rates file (lib/rates/csv.ts): checked whole first (a bad line: 400 naming it, nothing
 * saved), then every line saved in one transaction, a rate already loaded for the same currency and
 * day replaced, the tuition in US dollars of the programs in those currencies worked out again
 * (what the searches' cost filters and tuition sorts compare), with one audit entry; the public
 * pages' rates and lists expire after the commit.
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
  const programs = await db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${RATES_LOCK_CLASS}::int, 0)`;
    await tx.$executeRaw`
      INSERT INTO "exchange_rates" ("currency", "rateDate", "rate")
      SELECT * FROM unnest(${rows.map((r) => r.currency)}::text[], ${rows.map((r) => r.date)}::date[],
                           ${rows.map((r) => r.rate)}::numeric[])
      ON CONFLICT ("currency", "rateDate") DO UPDATE SET "rate" = EXCLUDED."rate", "createdAt" = CURRENT_TIMESTAMP`;
    // A write of the column has the trigger work the figure out at the latest rate.
    const repriced = await tx.$executeRaw`
      UPDATE "programs" SET "tuitionUsd" = NULL
       WHERE "currency" = ANY(${currencies}::text[])
         AND "tuitionUsd" IS DISTINCT FROM "in_us_dollars"("tuition", "currency")`;
    const days = rows.map((row) => row.date).sort();
    await recordAudit(tx, actor, {
      action: "exchangeRates.load",
      entityType: "exchangeRates",
      entityId: file.name.slice(0, 200) || "rates.csv",
      summary: `${rows.length} exchange rate${rows.length === 1 ? "" : "s"} of ${currencies.length} currenc${currencies.length === 1 ? "y" : "ies"} (${days[0]} to ${days[days.length - 1]}) from ${file.name || "a file"}`,
      after: {
        rates: rows.map(({ currency, rate, date }) => ({ currency, rate, date })),
        programs: repriced,
      },
    });
    return repriced;
  });
  await expireTags(RATES, UNIVERSITY_LISTS);
  return { saved: rows.length, currencies, programs };
}

/** loadRates on the app's database: the admin page's form and POST /api/rates. */
export function loadUploadedRates(actor: AuditActor, file: { name: string; bytes: Uint8Array }) {
  return loadRates(prisma, actor, file);
}
