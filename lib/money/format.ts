// How amounts of money read: one formatter per currency, with the currency's symbol as US English
// writes it ("€12,000", "$13,050", "CA$1,200", "¥1,950,000"). Fixed locale, so that the server
// and every browser render the same text.

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(currency: string, fractionDigits: number | null): Intl.NumberFormat {
  const key = `${currency}:${fractionDigits ?? "minor"}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.NumberFormat("en-US", {
      style: "currency",
      currency,
      ...(fractionDigits === null
        ? {}
        : { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }),
    });
    formatters.set(key, found);
  }
  return found;
}

function toNumber(amount: string | number): number {
  if (typeof amount === "string" && amount.trim() === "") throw new RangeError("Empty amount");
  const value = typeof amount === "number" ? amount : Number(amount.replaceAll(",", "").trim());
  if (!Number.isFinite(value)) throw new RangeError(`Not an amount: ${String(amount)}`);
  return value;
}

/**
 * An amount in its currency: whole units when it has no fraction ("€12,000"), else its minor unit
 * ("€12,000.50"); `cents: true` always shows the minor unit, `cents: false` never (rounded).
 * Amounts arrive as decimal strings ("12000.00") or numbers.
 */
export function formatMoney(
  amount: string | number,
  currency: string,
  options: { cents?: boolean } = {},
): string {
  const value = toNumber(amount);
  const minor = formatter(currency, null).resolvedOptions().maximumFractionDigits as number;
  const showCents = minor > 0 && (options.cents ?? Math.round(value * 10 ** minor) % 10 ** minor !== 0);
  return formatter(currency, showCents ? minor : 0).format(value);
}

const rateDay = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/** A rate's day (YYYY-MM-DD) as the pages write it: "1 Nov 2026". */
export function formatRateDate(day: string): string {
  return rateDay.format(new Date(`${day}T00:00:00Z`));
}
