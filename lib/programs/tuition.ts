// The tuition text of the program form: digits with one optional decimal point and at most
// two decimals, thousands commas inserted as the admin types; the commas are stripped for the check.
// Stored as Decimal(10, 2): at most 8 digits before the point.

export const TUITION_MESSAGE = "Please enter a valid amount (e.g., 12,000.00)";
export const TUITION_MAX = "99,999,999.99";
export const TUITION_TOO_LARGE = `Tuition cannot exceed ${TUITION_MAX}`;

/** Digits with up to two decimals, once the commas are gone. */
const AMOUNT = /^\d+(\.\d{1,2})?$/;
const MAX_INTEGER_DIGITS = 8;

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/**
 * What the tuition box shows after a keystroke or a paste: everything but digits and the first
 * decimal point dropped, at most two decimals, no leading zeros ("007" -> "7", "0.5" stays,
 * ".5" -> "0.5"), and commas between thousands: "1234567.891" -> "1,234,567.89".
 */
export function formatTuitionInput(raw: string): string {
  let integer = "";
  let fraction: string | null = null;
  for (const char of raw) {
    if (char >= "0" && char <= "9") {
      if (fraction === null) integer += char;
      else if (fraction.length < 2) fraction += char;
    } else if (char === "." && fraction === null) {
      fraction = "";
    }
  }
  integer = integer.replace(/^0+(?=\d)/, "");
  if (integer === "" && fraction !== null) integer = "0";
  return groupThousands(integer) + (fraction === null ? "" : `.${fraction}`);
}

/**
 * Where the caret goes after `formatTuitionInput`: after the same number of digits and points as
 * it had before it in the raw text, so that typing in the middle does not throw it to the end.
 */
export function caretAfterFormat(raw: string, caret: number, formatted: string): number {
  const significant = (text: string) => text.replace(/[^\d.]/g, "").length;
  const before = formatTuitionInput(raw.slice(0, caret));
  // Zeros typed before other digits are dropped ("0|12" -> "12"): the caret goes to the start.
  if (before === "0" && !formatted.startsWith("0")) return 0;
  const wanted = Math.min(significant(before), significant(formatted));
  if (wanted === 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/[\d.]/.test(formatted[i])) seen++;
    if (seen === wanted) return i + 1;
  }
  return formatted.length;
}

export type TuitionCheck = { ok: true; value: string } | { ok: false; message: string };

/**
 * The tuition check on the form's text (or a number from an API client): commas stripped, then
 * digits with up to two decimals that fit Decimal(10, 2). The value is the plain decimal with two
 * decimals, as the database stores it: "12,000.5" -> "12000.50".
 */
export function checkTuition(input: string | number): TuitionCheck {
  const text =
    typeof input === "number"
      ? Number.isFinite(input)
        ? String(input)
        : ""
      : input.replaceAll(",", "").trim();
  if (!AMOUNT.test(text)) return { ok: false, message: TUITION_MESSAGE };
  const [integer, fraction = ""] = text.split(".");
  const digits = integer.replace(/^0+(?=\d)/, "");
  if (digits.length > MAX_INTEGER_DIGITS) return { ok: false, message: TUITION_TOO_LARGE };
  return { ok: true, value: `${digits}.${fraction.padEnd(2, "0")}` };
}

/** A stored tuition ("12000.00") as the form's text ("12,000.00"). */
export function tuitionToInput(decimal: string): string {
  return formatTuitionInput(decimal);
}
