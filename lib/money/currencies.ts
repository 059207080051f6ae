// Currencies: ISO 4217 codes, the base all exchange rates are quoted against, and the currency a
// browser's language suggests. No database code: forms, the proxy and client components use it.

export { BASE_CURRENCY, DISPLAY_CURRENCY_COOKIE, minorDigits } from "./base";

/** A program's currency when none is given (programs made before currencies were stored are USD). */
export const DEFAULT_CURRENCY = "USD";

export const CURRENCY_INVALID = "Currency must be a three-letter ISO 4217 code such as USD, EUR or GBP";

/** The codes this runtime's Intl can format: the ISO 4217 list (Node 20 has full ICU). */
const KNOWN: ReadonlySet<string> = new Set(Intl.supportedValuesOf("currency"));

/** An upper-case ISO 4217 code that Intl can format ("EUR"; not "eur", "EURO" or "XYZ"). */
export function isCurrencyCode(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && KNOWN.has(code);
}

/**
 * The currencies offered on the profile page, most asked for first: those of the countries students
 * come from and go to most. Any ISO 4217 code is accepted by the API all the same.
 */
export const COMMON_CURRENCIES = [
  "USD",
  "EUR",
  "GBP",
  "CAD",
  "AUD",
  "NZD",
  "CHF",
  "JPY",
  "CNY",
  "HKD",
  "SGD",
  "KRW",
  "INR",
  "PKR",
  "BDT",
  "NPR",
  "LKR",
  "IDR",
  "MYR",
  "THB",
  "VND",
  "PHP",
  "TWD",
  "AED",
  "SAR",
  "QAR",
  "KWD",
  "TRY",
  "EGP",
  "NGN",
  "GHS",
  "KES",
  "ZAR",
  "MAD",
  "BRL",
  "MXN",
  "ARS",
  "CLP",
  "COP",
  "PEN",
  "SEK",
  "NOK",
  "DKK",
  "PLN",
  "CZK",
  "HUF",
  "RON",
  "UAH",
  "RUB",
  "KZT",
  "ILS",
  "IRR",
] as const;

const EURO_AREA = [
  "AT",
  "BE",
  "CY",
  "DE",
  "EE",
  "ES",
  "FI",
  "FR",
  "GR",
  "HR",
  "IE",
  "IT",
  "LT",
  "LU",
  "LV",
  "MT",
  "NL",
  "PT",
  "SI",
  "SK",
  "AD",
  "MC",
  "SM",
  "VA",
  "ME",
  "XK",
];

/** A country's (ISO 3166-1 alpha-2) currency, for the regions browsers name in their languages. */
const REGION_CURRENCY: Readonly<Record<string, string>> = {
  ...Object.fromEntries(EURO_AREA.map((region) => [region, "EUR"])),
  US: "USD",
  EC: "USD",
  SV: "USD",
  PR: "USD",
  PA: "USD",
  GB: "GBP",
  CA: "CAD",
  AU: "AUD",
  NZ: "NZD",
  CH: "CHF",
  LI: "CHF",
  JP: "JPY",
  CN: "CNY",
  HK: "HKD",
  MO: "MOP",
  SG: "SGD",
  KR: "KRW",
  IN: "INR",
  PK: "PKR",
  BD: "BDT",
  NP: "NPR",
  LK: "LKR",
  ID: "IDR",
  MY: "MYR",
  TH: "THB",
  VN: "VND",
  PH: "PHP",
  TW: "TWD",
  AE: "AED",
  SA: "SAR",
  QA: "QAR",
  KW: "KWD",
  BH: "BHD",
  OM: "OMR",
  JO: "JOD",
  LB: "LBP",
  TR: "TRY",
  EG: "EGP",
  NG: "NGN",
  GH: "GHS",
  KE: "KES",
  ZA: "ZAR",
  MA: "MAD",
  TN: "TND",
  DZ: "DZD",
  ET: "ETB",
  UG: "UGX",
  TZ: "TZS",
  BR: "BRL",
  MX: "MXN",
  AR: "ARS",
  CL: "CLP",
  CO: "COP",
  PE: "PEN",
  UY: "UYU",
  SE: "SEK",
  NO: "NOK",
  DK: "DKK",
  IS: "ISK",
  PL: "PLN",
  CZ: "CZK",
  HU: "HUF",
  RO: "RON",
  BG: "BGN",
  RS: "RSD",
  UA: "UAH",
  RU: "RUB",
  BY: "BYN",
  KZ: "KZT",
  UZ: "UZS",
  GE: "GEL",
  AM: "AMD",
  AZ: "AZN",
  IL: "ILS",
  IR: "IRR",
  IQ: "IQD",
};

/**
 * The currency of the first language in an Accept-Language header that names a region and whose
 * region has a known currency, in the header's order of preference (q values): "de-AT,en;q=0.8"
 * -> "EUR", "en-GB" -> "GBP". A language without a region ("en", "fr") says nothing about money
 * (French is spoken in France, Canada, Switzerland...), so it is skipped; none found: null.
 */
export function currencyFromAcceptLanguage(header: string | null | undefined): string | null {
  if (!header) return null;
  const languages = header
    .split(",")
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((language) => language.tag !== "" && language.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of languages) {
    // The region is the first two-letter subtag after the language ("zh-Hant-TW" -> TW).
    const region = tag
      .split("-")
      .slice(1)
      .find((subtag) => /^[A-Za-z]{2}$/.test(subtag));
    const currency = region ? REGION_CURRENCY[region.toUpperCase()] : undefined;
    if (currency) return currency;
  }
  return null;
}
