import { formatMoney } from "@/lib/money/format";

// A scholarship's amount: one figure, a range from the lowest to the highest, or "up to" a highest,
// each in the scholarship's own currency (Decimal(12, 2): at most 10 digits before the point). The
// form and the import take the figures as text with optional thousands commas, as the program
// form's tuition; the pages show them through formatMoney, and the visitor's approximation is
// added in the browser (components/money).

export const AMOUNT_INVALID = "Enter the amount as a number with up to two decimals (e.g., 5,000.00)";
export const AMOUNT_TOO_LARGE = "The amount cannot exceed 9,999,999,999.99";
const AMOUNT = /^\d+(\.\d{1,2})?$/;
const MAX_INTEGER_DIGITS = 10;

export type AmountCheck = { ok: true; value: string } | { ok: false; message: string };

/** The amount as stored ("5000.00"), from the form's or a file's text ("5,000") or an API's number. */
export function checkAmount(input: string | number): AmountCheck {
  const text =
    typeof input === "number"
      ? Number.isFinite(input) && input >= 0
        ? String(input)
        : ""
      : input.replaceAll(",", "").trim();
  if (!AMOUNT.test(text)) return { ok: false, message: AMOUNT_INVALID };
  const [integer, fraction = ""] = text.split(".");
  const digits = integer.replace(/^0+(?=\d)/, "");
  if (digits.length > MAX_INTEGER_DIGITS) return { ok: false, message: AMOUNT_TOO_LARGE };
  return { ok: true, value: `${digits}.${fraction.padEnd(2, "0")}` };
}

export interface ScholarshipAmount {
  amountMin: string | null;
  amountMax: string | null;
  currency: string | null;
}

/** How the amount reads, without the approximation: "€5,000", "€5,000 to €10,000", "Up to €10,000"; null: not stated. */
export function amountText({ amountMin, amountMax, currency }: ScholarshipAmount): string | null {
  if (!currency || (amountMin === null && amountMax === null)) return null;
  if (amountMin === null) return `Up to ${formatMoney(amountMax!, currency)}`;
  if (amountMax === null || amountMax === amountMin) return formatMoney(amountMin, currency);
  return `${formatMoney(amountMin, currency)} to ${formatMoney(amountMax, currency)}`;
}
