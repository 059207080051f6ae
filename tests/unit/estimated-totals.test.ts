import { paged } from "@/lib/http/responses";
import { EXACT_COUNT_BOUND, resultsSummary, roundEstimate, totalText } from "@/lib/paging";
import { leftOutNote } from "@/lib/programs/fit-filters";

// Lists count their matches exactly up to EXACT_COUNT_BOUND and estimate beyond it: the estimate
// is rounded to two figures, never below what is known to exist, and every place that shows a
// count says "about" for it; the API says it in X-Total-Count-Approximate.

describe("roundEstimate", () => {
  test("two significant figures", () => {
    expect(roundEstimate(171_581, 1_001)).toBe(170_000);
    expect(roundEstimate(23_516, 1_001)).toBe(24_000);
    expect(roundEstimate(953_986, 1_001)).toBe(950_000);
    expect(roundEstimate(1_049, 0)).toBe(1_000);
    expect(roundEstimate(87, 0)).toBe(87);
  });

  test("never below the floor: the floor rounded up instead", () => {
    expect(roundEstimate(900, EXACT_COUNT_BOUND + 1)).toBe(1_100);
    expect(roundEstimate(1_049, 1_001)).toBe(1_100);
    expect(roundEstimate(5_000, 12_345)).toBe(13_000);
    expect(roundEstimate(0, 41)).toBe(41);
  });
});

test("a count says 'about' only when estimated", () => {
  expect(totalText({ total: 10_251 })).toBe("10,251");
  expect(totalText({ total: 10_251, approximate: false })).toBe("10,251");
  expect(totalText({ total: 170_000, approximate: true })).toBe("about 170,000");
  expect(resultsSummary({ page: 1, pageSize: 20, shown: 20, total: 170_000, approximate: true })).toBe(
    "Items 1–20 of about 170,000",
  );
  expect(resultsSummary({ page: 3, pageSize: 20, shown: 0, total: 24_000, approximate: true })).toBe(
    "Items 0 of about 24,000",
  );
  expect(resultsSummary({ page: 1, pageSize: 20, shown: 20, total: 10_252 })).toBe("Items 1–20 of 10,252");
});

test("a fit filter's estimated left-out count says 'about', and 'few' for none seen", () => {
  expect(leftOutNote("visa", 1)).toBe("Visa sponsorship: 1 program left out (no visa sponsorship stated)");
  expect(leftOutNote("visa", 2_400, true)).toBe(
    "Visa sponsorship: about 2,400 programs left out (no visa sponsorship stated)",
  );
  expect(leftOutNote("visa", 0, true)).toBe(
    "Visa sponsorship: few programs left out (no visa sponsorship stated)",
  );
});

test("the API gives the count and whether it is an estimate", async () => {
  const exact = paged({ items: [1, 2], total: 2 });
  expect(exact.headers.get("X-Total-Count")).toBe("2");
  expect(exact.headers.get("X-Total-Count-Approximate")).toBe("false");
  const estimated = paged({ items: [1, 2], total: 24_000, approximate: true });
  expect(estimated.headers.get("X-Total-Count")).toBe("24000");
  expect(estimated.headers.get("X-Total-Count-Approximate")).toBe("true");
  expect(estimated.headers.get("Access-Control-Expose-Headers")).toBe(
    "X-Total-Count, X-Total-Count-Approximate",
  );
  expect(await estimated.json()).toEqual([1, 2]);
});
