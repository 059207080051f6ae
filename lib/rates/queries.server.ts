import "server-only";
import { prisma } from "@/lib/db/client.server";
import type { Rates } from "@/lib/money/convert";

export interface LatestRate {
  currency: string;
  /** Units of the currency per unit of the base, as stored: "0.9195000000". */
  rate: string;
  /** YYYY-MM-DD. */
  date: string;
}

/** Each currency's rate of its latest day, by currency code (the primary key's order). */
export async function listLatestRates(db: Pick<typeof prisma, "$queryRaw"> = prisma): Promise<LatestRate[]> {
  return db.$queryRaw<LatestRate[]>`
    SELECT DISTINCT ON ("currency") "currency", "rate"::text AS "rate", to_char("rateDate", 'YYYY-MM-DD') AS "date"
      FROM "exchange_rates"
     ORDER BY "currency", "rateDate" DESC`;
}

/** The latest rates as convert() takes them. */
export async function latestRates(db: Pick<typeof prisma, "$queryRaw"> = prisma): Promise<Rates> {
  const rows = await listLatestRates(db);
  return Object.fromEntries(rows.map(({ currency, rate, date }) => [currency, { rate, date }]));
}
