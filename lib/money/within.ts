import { BASE_CURRENCY, minorDigits } from "./base";
import { convert, type Rates } from "./convert";

// A limit in one currency (a student's budget, the search's maximum tuition in US dollars) as a
// limit in each program currency, so that a search compares a program's own stored amount with a
// figure worked out once per currency: the database never converts, and the result is exactly the
// fit check's, which converts the program's amount with convert() and compares.

/** Cents, the scale of every stored program amount (tuition, home tuition: numeric(10, 2)). */
const AMOUNT_SCALE = 2;
/** The largest amount those columns hold, in cents. */
const LARGEST_AMOUNT = 10n ** 10n - 1n;

/** Units of `currency` per unit of the base, as a float (for a first guess only). */
const rateNumber = (currency: string, rates: Rates) =>
  currency === BASE_CURRENCY ? 1 : Number(rates[currency]?.rate ?? Number.NaN);

const asDecimal = (cents: bigint) => {
  const text = cents.toString().padStart(AMOUNT_SCALE + 1, "0");
  return `${text.slice(0, -AMOUNT_SCALE)}.${text.slice(-AMOUNT_SCALE)}`;
};

/**
 * The largest amount of `currency` (to the cent) that convert() turns into at most `limit` of
 * `limitCurrency` with `rates`: an amount is within the limit exactly when it is at most this.
 * Null when no rate links the two currencies (whether an amount is within is then unknown).
 * convert() never decreases as the amount grows, so a binary search over cents finds it.
 */
export function largestAmountWithin(
  limit: number | string,
  limitCurrency: string,
  currency: string,
  rates: Rates,
): string | null {
  const ceiling = Number(limit);
  if (!Number.isFinite(ceiling) || ceiling < 0) return null;
  // The same currency is compared as it is, unconverted (the fit check does so).
  if (currency === limitCurrency) {
    const cents = BigInt(Math.floor(Math.round(ceiling * 1000) / 10));
    return asDecimal(cents > LARGEST_AMOUNT ? LARGEST_AMOUNT : cents);
  }
  const within = (cents: bigint) => {
    const converted = convert(asDecimal(cents), currency, limitCurrency, rates);
    return converted !== null && Number(converted.amount) <= ceiling;
  };
  if (convert("0", currency, limitCurrency, rates) === null) return null;
  if (within(LARGEST_AMOUNT)) return asDecimal(LARGEST_AMOUNT);
  let low = 0n; // within
  let high = LARGEST_AMOUNT + 1n; // beyond
  // Start from the window the rates point at: the limit converted back, give or take what
  // rounding to the limit's minor unit hides (half of one, in cents of `currency`) and a cent.
  // convert() decides; the window only saves steps, and a wrong one falls back to the whole range.
  const ratio = rateNumber(currency, rates) / rateNumber(limitCurrency, rates);
  const estimate = Math.floor(ceiling * ratio * 10 ** AMOUNT_SCALE);
  const slack = Math.ceil(0.5 * 10 ** -minorDigits(limitCurrency) * ratio * 10 ** AMOUNT_SCALE) + 2;
  if (Number.isFinite(estimate) && Number.isFinite(slack)) {
    const from = BigInt(Math.max(0, estimate - slack));
    const to = BigInt(estimate + slack + 1);
    if (within(from) && to <= LARGEST_AMOUNT && !within(to)) [low, high] = [from, to];
  }
  while (high - low > 1n) {
    const middle = (low + high) / 2n;
    if (within(middle)) low = middle;
    else high = middle;
  }
  return asDecimal(low);
}

/**
 * `limit` of `limitCurrency` as a limit in each currency a rate is known for (and the base and the
 * limit's own currency), by currency code. A currency missing here has no rate: unknown.
 */
export function limitsByCurrency(
  limit: number | string,
  limitCurrency: string,
  rates: Rates,
): Record<string, string> {
  const currencies = new Set([BASE_CURRENCY, limitCurrency, ...Object.keys(rates)]);
  const limits: Record<string, string> = {};
  for (const currency of currencies) {
    const within = largestAmountWithin(limit, limitCurrency, currency, rates);
    if (within !== null) limits[currency] = within;
  }
  return limits;
}
