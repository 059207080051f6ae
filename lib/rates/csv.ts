import { BASE_CURRENCY, isCurrencyCode } from "@/lib/money/currencies";

// The exchange rates file (`npm run rates:update -- rates.csv` and Admin > Exchange rates): CSV,
// UTF-8, a header row naming the columns `currency,rate,date` (any order, any case), then one rate
// per line: how many units of `currency` one US dollar (the base) bought on `date` (YYYY-MM-DD):
//
//   currency,rate,date
//   EUR,0.9195,2026-11-01
//   GBP,0.79,2026-11-01
//
// The whole file is checked before anything is saved: the first bad line is named and nothing
// changes. Blank lines are skipped. No client-side code depends on the database, so the admin
// page may check a file before sending it.

export const RATES_COLUMNS = ["currency", "rate", "date"] as const;
/** The most rate lines one file may hold (a day of every ISO 4217 currency is about 160). */
export const RATES_MAX_ROWS = 10_000;
/** The largest rates file, in bytes. */
export const RATES_MAX_BYTES = 1_000_000;

export const RATES_FILE_MISSING = "Choose a rates file (CSV) to load.";

export interface RateRow {
  /** The line of the file it came from (the header is line 1). */
  line: number;
  currency: string;
  /** A positive decimal with at most 10 integer and 10 fraction digits (Decimal(20,10)). */
  rate: string;
  /** YYYY-MM-DD. */
  date: string;
}

export type RatesParse = { ok: true; rows: RateRow[] } | { ok: false; line: number; message: string };

const RATE = /^\d{1,10}(\.\d{1,10})?$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD (not 2026-02-30). */
function isDay(text: string): boolean {
  const match = DAY.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** One CSV line's cells: commas separate, double quotes may wrap a cell (no commas inside a rate file). */
function cells(line: string): string[] {
  return line.split(",").map((cell) =>
    cell
      .trim()
      .replace(/^"(.*)"$/, "$1")
      .trim(),
  );
}

function refuse(line: number, message: string): RatesParse {
  return { ok: false, line, message: `Line ${line}: ${message}` };
}

/**
 * The rates of a file, or the first problem with the line it is on. `today` (YYYY-MM-DD, UTC) is
 * the latest day a rate may be of: a rate of a day to come is a typing error.
 */
export function parseRatesCsv(text: string, today: string): RatesParse {
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\n|\r/);
  const headerIndex = lines.findIndex((line) => line.trim() !== "");
  if (headerIndex === -1) {
    return {
      ok: false,
      line: 1,
      message: "The file is empty: add the header row currency,rate,date and one line per rate.",
    };
  }
  const header = cells(lines[headerIndex]).map((name) => name.toLowerCase());
  const missing = RATES_COLUMNS.filter((column) => !header.includes(column));
  const extra = header.filter((name) => !(RATES_COLUMNS as readonly string[]).includes(name));
  if (missing.length > 0 || extra.length > 0 || header.length !== RATES_COLUMNS.length) {
    return refuse(
      headerIndex + 1,
      `the header must name the columns ${RATES_COLUMNS.join(",")} (it names ${header.join(",")}).`,
    );
  }
  const at = Object.fromEntries(RATES_COLUMNS.map((column) => [column, header.indexOf(column)])) as Record<
    (typeof RATES_COLUMNS)[number],
    number
  >;
  const rows: RateRow[] = [];
  const seen = new Map<string, number>();
  for (let index = headerIndex + 1; index < lines.length; index++) {
    if (lines[index].trim() === "") continue;
    const line = index + 1;
    const values = cells(lines[index]);
    if (values.length !== RATES_COLUMNS.length) {
      return refuse(
        line,
        `expected ${RATES_COLUMNS.length} values (${RATES_COLUMNS.join(",")}), found ${values.length}.`,
      );
    }
    const currency = values[at.currency].toUpperCase();
    const rate = values[at.rate];
    const date = values[at.date];
    if (!isCurrencyCode(currency)) {
      return refuse(line, `"${values[at.currency]}" is not an ISO 4217 currency code (e.g. EUR, GBP, JPY).`);
    }
    if (currency === BASE_CURRENCY) {
      return refuse(
        line,
        `${BASE_CURRENCY} is the base currency: every rate is per 1 ${BASE_CURRENCY}, so it needs no line. Remove it.`,
      );
    }
    if (!RATE.test(rate) || !/[1-9]/.test(rate)) {
      return refuse(
        line,
        `the rate "${rate}" must be a positive number such as 0.9195 (a point for decimals, at most 10 decimals, no thousands separators).`,
      );
    }
    if (!isDay(date))
      return refuse(line, `the date "${date}" must be a day written YYYY-MM-DD, e.g. 2026-11-01.`);
    if (date > today)
      return refuse(line, `the date ${date} has not come yet: a rate is of a day that has passed or today.`);
    const key = `${currency} ${date}`;
    const earlier = seen.get(key);
    if (earlier !== undefined)
      return refuse(line, `${currency} on ${date} is already on line ${earlier}: keep one of them.`);
    seen.set(key, line);
    rows.push({ line, currency, rate, date });
    if (rows.length > RATES_MAX_ROWS)
      return refuse(line, `a file holds at most ${RATES_MAX_ROWS} rates: split it.`);
  }
  if (rows.length === 0) {
    return {
      ok: false,
      line: headerIndex + 1,
      message: "The file has no rates: add one line per rate under the header.",
    };
  }
  return { ok: true, rows };
}

/** Today's day in UTC, YYYY-MM-DD. */
export function utcToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
