import { BASE_CURRENCY, minorDigits } from "./base";

// Currency conversion with exact arithmetic: amounts and rates are decimal strings turned into
// integers (BigInt), multiplied and divided once, and rounded once at the end to the target
// currency's minor unit, half away from zero (docs/decisions/0022-money-in-minor-units.md). No
// floating point touches a figure, so "0.1 + 0.2" problems cannot creep into a converted amount.

/** One currency's latest rate against the base: units of it per unit of the base, and its day. */
export interface RateOf {
  /** A positive decimal string, e.g. "0.9200000000". */
  rate: string;
  /** The day the rate is of, YYYY-MM-DD. */
  date: string;
}

/** The latest rate of each currency against BASE_CURRENCY, by ISO code (the base needs none). */
export type Rates = Readonly<Record<string, RateOf>>;

export interface Converted {
  /** The amount in the target currency, rounded to its minor unit: "13050.00", "1950000" (JPY). */
  amount: string;
  /**
   * The day of the rate used: the older of the two currencies' days for a cross rate (a converted
   * amount is only as recent as its older rate); null when no rate was needed (same currency).
   */
  rateDate: string | null;
}

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** A non-negative decimal as an integer and its power of ten: "12.50" -> [1250n, 2]. */
function scaled(value: string | number): [bigint, number] | null {
  const text = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "") : value.trim();
  const match = DECIMAL.exec(text.replaceAll(",", ""));
  if (!match) return null;
  const fraction = match[2] ?? "";
  return [BigInt(match[1] + fraction), fraction.length];
}

/** `numerator / denominator` rounded half away from zero (both positive or zero). */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/** An integer of minor units as a decimal string: (1305000n, 2) -> "13050.00". */
function toDecimal(units: bigint, digits: number): string {
  if (digits === 0) return units.toString();
  const text = units.toString().padStart(digits + 1, "0");
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

function rateOf(currency: string, rates: Rates): [bigint, number, string | null] | null {
  if (currency === BASE_CURRENCY) return [1n, 0, null];
  const known = rates[currency];
  if (!known) return null;
  const value = scaled(known.rate);
  if (!value || value[0] === 0n) return null;
  return [value[0], value[1], known.date];
}

/**
 * `amount` of `from` in `to`, through the base currency: amount / rate(from) * rate(to), rounded
 * once to `to`'s minor unit. Null when a rate is missing (never an invented one) or the amount is
 * not a non-negative decimal. The same currency gives the amount back (rateDate null).
 */
export function convert(amount: string | number, from: string, to: string, rates: Rates): Converted | null {
  const value = scaled(amount);
  if (!value) return null;
  const digits = minorDigits(to);
  if (from === to) {
    return {
      amount: toDecimal(divideRounded(value[0] * 10n ** BigInt(digits), 10n ** BigInt(value[1])), digits),
      rateDate: null,
    };
  }
  const source = rateOf(from, rates);
  const target = rateOf(to, rates);
  if (!source || !target) return null;
  // amount = A / 10^a; rate(from) = F / 10^f; rate(to) = T / 10^t; result in minor units:
  // A * T * 10^(digits + f) / (10^a * F * 10^t).
  const numerator = value[0] * target[0] * 10n ** BigInt(digits + source[1]);
  const denominator = 10n ** BigInt(value[1]) * source[0] * 10n ** BigInt(target[1]);
  const dates = [source[2], target[2]].filter((date): date is string => date !== null).sort();
  return { amount: toDecimal(divideRounded(numerator, denominator), digits), rateDate: dates[0] ?? null };
}
