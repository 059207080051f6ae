const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
const usdWithCents = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
});

/**
 * "$12,000" (whole dollars), or "$12,000.50" when the amount has cents or `cents` is asked for.
 * Accepts the API's decimal strings ("12000.50") and numbers.
 */
export function formatUsd(amount: string | number, options: { cents?: boolean } = {}): string {
  const value = typeof amount === "string" ? Number(amount) : amount;
  const hasCents = Math.round(value * 100) % 100 !== 0;
  return (options.cents || hasCents ? usdWithCents : usd).format(value);
}

const longDate = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** "15 March 2027", read in UTC so that server and browser agree. */
export function formatDate(date: Date | string): string {
  return longDate.format(typeof date === "string" ? new Date(date) : date);
}

const count = new Intl.NumberFormat("en-US");

/** "10,251". */
export function formatCount(value: number): string {
  return count.format(value);
}
