import { convert, type Rates } from "@/lib/money/convert";
import { currencyFromAcceptLanguage, isCurrencyCode, minorDigits } from "@/lib/money/currencies";
import { approximation } from "@/lib/money/approximation";
import { formatMoney, formatRateDate } from "@/lib/money/format";

const rates: Rates = {
  EUR: { rate: "0.9195402299", date: "2026-11-01" },
  GBP: { rate: "0.7900000000", date: "2026-10-30" },
  JPY: { rate: "150.2500000000", date: "2026-11-01" },
  KWD: { rate: "0.3070000000", date: "2026-11-01" },
};

describe("convert", () => {
  it("converts from the base currency with the rate's date", () => {
    expect(convert("1000.00", "USD", "EUR", rates)).toEqual({ amount: "919.54", rateDate: "2026-11-01" });
  });

  it("converts to the base currency, dividing by the rate", () => {
    // 12000 / 0.9195402299 = 13049.99999...: rounded once, at the end, to the cent.
    expect(convert("12000", "EUR", "USD", rates)).toEqual({ amount: "13050.00", rateDate: "2026-11-01" });
  });

  it("converts across two currencies through the base, dated by the older rate", () => {
    // 12000 EUR -> 13050.000 USD -> x 0.79 = 10309.50 GBP; GBP's rate is the older one.
    expect(convert("12000.00", "EUR", "GBP", rates)).toEqual({ amount: "10309.50", rateDate: "2026-10-30" });
  });

  it("rounds to the target's minor unit, half away from zero", () => {
    expect(convert("1", "USD", "JPY", rates)).toEqual({ amount: "150", rateDate: "2026-11-01" });
    expect(convert("0.01", "USD", "JPY", rates)?.amount).toBe("2"); // 1.5025 -> 2
    expect(convert("0.05", "USD", "KWD", rates)?.amount).toBe("0.015"); // 0.01535 -> 0.015
    expect(convert("0.5", "USD", "GBP", { GBP: { rate: "0.01", date: "2026-11-01" } })?.amount).toBe("0.01"); // 0.005 -> 0.01
    expect(convert("0.4", "USD", "GBP", { GBP: { rate: "0.01", date: "2026-11-01" } })?.amount).toBe("0.00"); // 0.004 -> 0.00
  });

  it("keeps every digit of large amounts (no floating point)", () => {
    expect(convert("99999999.99", "USD", "EUR", rates)?.amount).toBe("91954022.98");
  });

  it("gives the amount back for the same currency, with no rate date", () => {
    expect(convert("12,000.5", "EUR", "EUR", rates)).toEqual({ amount: "12000.50", rateDate: null });
  });

  it("is null without a rate for either currency, never inventing one", () => {
    expect(convert("100", "USD", "CHF", rates)).toBeNull();
    expect(convert("100", "CHF", "EUR", rates)).toBeNull();
    expect(convert("100", "USD", "EUR", { EUR: { rate: "0", date: "2026-11-01" } })).toBeNull();
  });

  it("is null for what is not an amount", () => {
    expect(convert("-5", "USD", "EUR", rates)).toBeNull();
    expect(convert("abc", "USD", "EUR", rates)).toBeNull();
    expect(convert(Number.NaN, "USD", "EUR", rates)).toBeNull();
  });
});

describe("formatMoney", () => {
  it("writes each currency with its symbol and minor unit", () => {
    expect(formatMoney("12000.00", "EUR")).toBe("€12,000");
    expect(formatMoney("12000.5", "EUR")).toBe("€12,000.50");
    expect(formatMoney(12000, "USD", { cents: true })).toBe("$12,000.00");
    expect(formatMoney("1950000", "JPY")).toBe("¥1,950,000");
    expect(formatMoney("1200", "CAD")).toBe("CA$1,200");
    expect(formatMoney("13050.49", "USD", { cents: false })).toBe("$13,050");
  });

  it("refuses what is not an amount", () => {
    expect(() => formatMoney("", "USD")).toThrow(RangeError);
    expect(() => formatMoney("x", "USD")).toThrow(RangeError);
  });
});

describe("approximation", () => {
  it("says the converted amount and the rate's date", () => {
    expect(approximation("12000.00", "EUR", "USD", rates)).toBe("≈ $13,050, rate of 1 Nov 2026");
    expect(formatRateDate("2026-11-01")).toBe("1 Nov 2026");
  });

  it("adds nothing for the same currency, no display currency or no rate", () => {
    expect(approximation("12000", "EUR", "EUR", rates)).toBeNull();
    expect(approximation("12000", "EUR", null, rates)).toBeNull();
    expect(approximation("12000", "EUR", "CHF", rates)).toBeNull();
  });
});

describe("currencies", () => {
  it("knows ISO 4217 codes, upper case only", () => {
    expect(isCurrencyCode("EUR")).toBe(true);
    expect(isCurrencyCode("eur")).toBe(false);
    expect(isCurrencyCode("XYZ")).toBe(false);
    expect(isCurrencyCode("EURO")).toBe(false);
    expect(minorDigits("JPY")).toBe(0);
    expect(minorDigits("EUR")).toBe(2);
  });

  it("reads the currency of the browser's preferred region", () => {
    expect(currencyFromAcceptLanguage("de-DE,de;q=0.9,en;q=0.8")).toBe("EUR");
    expect(currencyFromAcceptLanguage("en-GB")).toBe("GBP");
    expect(currencyFromAcceptLanguage("zh-Hant-TW,zh;q=0.8")).toBe("TWD");
    expect(currencyFromAcceptLanguage("fr;q=1, en-US;q=0.5, ja-JP;q=0.7")).toBe("JPY");
    expect(currencyFromAcceptLanguage("en, fr")).toBeNull();
    expect(currencyFromAcceptLanguage("xx-QQ")).toBeNull();
    expect(currencyFromAcceptLanguage("en-US;q=0")).toBeNull();
    expect(currencyFromAcceptLanguage(null)).toBeNull();
  });
});
