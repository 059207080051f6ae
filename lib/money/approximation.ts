import { convert, type Rates } from "./convert";
import { formatMoney, formatRateDate } from "./format";

// The approximation of an amount in the visitor's currency. A module of its own, apart from the
// formatting every page needs, so that the browser fetches the conversion only when an amount is
// in another currency than the visitor's (components/money/display-currency.tsx).

/**
 * The approximation shown after a program's amount: "≈ $13,050, rate of 1 Nov 2026" (whole units:
 * it is an estimate). Null when there is nothing to add: the same currency, no display currency,
 * or no rate for one of them (never an invented rate).
 */
export function approximation(
  amount: string | number,
  currency: string,
  display: string | null,
  rates: Rates,
): string | null {
  if (!display || display === currency) return null;
  const converted = convert(amount, currency, display, rates);
  if (!converted?.rateDate) return null;
  return `≈ ${formatMoney(converted.amount, display, { cents: false })}, rate of ${formatRateDate(converted.rateDate)}`;
}

/**
 * The approximation of a range ("≈ $5,430 to $10,860, rate of 1 Nov 2026"), as approximation()
 * does one amount; null when either end has no rate.
 */
export function rangeApproximation(
  from: string | number,
  to: string | number,
  currency: string,
  display: string | null,
  rates: Rates,
): string | null {
  if (!display || display === currency) return null;
  const low = convert(from, currency, display, rates);
  const high = convert(to, currency, display, rates);
  if (!low?.rateDate || !high?.rateDate) return null;
  const figure = (amount: string) => formatMoney(amount, display, { cents: false });
  return `≈ ${figure(low.amount)} to ${figure(high.amount)}, rate of ${formatRateDate(low.rateDate)}`;
}
