import { convert, type Rates } from "@/lib/money/convert";
import { largestAmountWithin, limitsByCurrency } from "@/lib/money/within";

// A limit in one currency as the largest amount of another that converts to within it: the search
// compares stored amounts with these, so they must agree with convert() to the cent.

const rates: Rates = {
  EUR: { rate: "0.9", date: "2026-11-01" },
  GBP: { rate: "0.8", date: "2026-11-02" },
  JPY: { rate: "150", date: "2026-11-01" },
};

const within = (amount: string, from: string, limit: number, to: string) =>
  Number(convert(amount, from, to, rates)!.amount) <= limit;

describe("largestAmountWithin", () => {
  it("finds the last cent that converts to within the limit, and the next one does not", () => {
    for (const [limit, limitCurrency, currency] of [
      [15_000, "EUR", "USD"],
      [15_000, "EUR", "GBP"],
      [20_000, "USD", "EUR"],
      [1_000_000, "JPY", "EUR"],
      [0.01, "USD", "JPY"],
    ] as const) {
      const largest = largestAmountWithin(limit, limitCurrency, currency, rates)!;
      const next = (Number(largest) + 0.01).toFixed(2);
      expect(within(largest, currency, limit, limitCurrency)).toBe(true);
      expect(within(next, currency, limit, limitCurrency)).toBe(false);
    }
    expect(largestAmountWithin(15_000, "EUR", "USD", rates)).toBe("16666.67");
  });

  it("holds for any limit and pair of currencies, small and large minor units alike", () => {
    const all: Rates = {
      ...rates,
      KWD: { rate: "0.307", date: "2026-11-01" },
      IDR: { rate: "15731.5", date: "2026-11-01" },
    };
    const codes = ["USD", ...Object.keys(all)];
    let seed = 20261127;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let run = 0; run < 300; run++) {
      const limit = Math.round(next() * 10 ** (1 + Math.floor(next() * 8)) * 100) / 100;
      const [limitCurrency, currency] = [
        codes[Math.floor(next() * codes.length)],
        codes[Math.floor(next() * codes.length)],
      ];
      const largest = largestAmountWithin(limit, limitCurrency, currency, all)!;
      const fits = (amount: string) =>
        currency === limitCurrency
          ? Number(amount) <= limit
          : Number(convert(amount, currency, limitCurrency, all)!.amount) <= limit;
      expect(fits(largest)).toBe(true);
      if (Number(largest) < 99_999_999.99) expect(fits((Number(largest) + 0.01).toFixed(2))).toBe(false);
    }
  });

  it("compares the same currency as it is, to the cent", () => {
    expect(largestAmountWithin(15_000, "EUR", "EUR", rates)).toBe("15000.00");
    expect(largestAmountWithin(1234.5, "JPY", "JPY", rates)).toBe("1234.50");
    expect(largestAmountWithin(0, "USD", "USD", rates)).toBe("0.00");
  });

  it("is unknown without a rate, or for a limit that is not a figure", () => {
    expect(largestAmountWithin(100, "USD", "CHF", rates)).toBeNull();
    expect(largestAmountWithin(Number.NaN, "USD", "EUR", rates)).toBeNull();
    expect(largestAmountWithin(-1, "USD", "EUR", rates)).toBeNull();
  });

  it("gives a limit for the base, the limit's currency and each rated currency", () => {
    expect(Object.keys(limitsByCurrency(100, "EUR", rates)).sort()).toEqual(["EUR", "GBP", "JPY", "USD"]);
  });
});
