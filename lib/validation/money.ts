import { CURRENCY_INVALID, DEFAULT_CURRENCY, isCurrencyCode } from "@/lib/money/currencies";
import { z } from "@/lib/validation/zod";

// The currency fields of forms and the API: a program's currency and a student's display currency.

/** An ISO 4217 code, upper-cased as typed ("eur" -> "EUR"); blank or left out: the default (USD). */
export const programCurrencySchema = z
  .string({ error: CURRENCY_INVALID })
  .trim()
  .transform((value) => value.toUpperCase() || DEFAULT_CURRENCY)
  .refine(isCurrencyCode, CURRENCY_INVALID);

/**
 * The profile's currency choice and PUT /api/user/currency: an ISO 4217 code, or blank (null) for
 * "follow my browser's language".
 */
export const displayCurrencySchema = z.object({
  currency: z
    .string({ error: CURRENCY_INVALID })
    .trim()
    .transform((value) => value.toUpperCase())
    .refine((value) => value === "" || isCurrencyCode(value), CURRENCY_INVALID)
    .transform((value) => value || null)
    .nullable(),
});
export type DisplayCurrencyInput = z.output<typeof displayCurrencySchema>;

export const DISPLAY_CURRENCY_SAVED =
  "Your currency is saved: amounts now also show in it where a rate is known.";
export const DISPLAY_CURRENCY_CLEARED = "Amounts now follow your browser's language for the second currency.";
