// What the browser's share of money code needs (the approximations on public pages): the base
// currency, the display-currency cookie's name and a currency's minor unit. Kept apart from
// ./currencies.ts (its region table and code list stay on the server and in forms).

/** Every exchange rate says how many units of a currency one unit of the base buys. */
export const BASE_CURRENCY = "USD";

/** The cookie the public pages read the visitor's display currency from. */
export const DISPLAY_CURRENCY_COOKIE = "display-currency";

const digitsOf = new Map<string, number>();

/** Digits after the point in a currency's minor unit: 2 for EUR, 0 for JPY, 3 for KWD. */
export function minorDigits(currency: string): number {
  // Remembered per code: making a NumberFormat costs far more than the conversions that ask.
  let digits = digitsOf.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat("en-US", { style: "currency", currency }).resolvedOptions()
      .maximumFractionDigits as number;
    digitsOf.set(currency, digits);
  }
  return digits;
}
