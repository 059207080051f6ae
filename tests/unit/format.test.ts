import { formatDate, formatUsd, formatYears } from "@/lib/format";

describe("formatUsd", () => {
  test.each([
    ["12000.00", "$12,000"],
    [12000, "$12,000"],
    ["0.00", "$0"],
    ["800.00", "$800"],
    ["1234567.00", "$1,234,567"],
    ["99999999.99", "$99,999,999.99"],
    ["12000.50", "$12,000.50"],
    ["12000.5", "$12,000.50"],
    [45.05, "$45.05"],
    ["12,000.00", "$12,000"],
  ])("%p -> %s (cents only when there are some)", (amount, text) => {
    expect(formatUsd(amount)).toBe(text);
  });

  test("cents: true always shows two decimals", () => {
    expect(formatUsd("12000.00", { cents: true })).toBe("$12,000.00");
    expect(formatUsd(7, { cents: true })).toBe("$7.00");
  });

  test("cents: false rounds to whole dollars", () => {
    expect(formatUsd("12000.50", { cents: false })).toBe("$12,001");
    expect(formatUsd("12000.49", { cents: false })).toBe("$12,000");
  });

  test.each(["", "abc", "12.000.00", Number.NaN, Number.POSITIVE_INFINITY])("rejects %p", (amount) => {
    expect(() => formatUsd(amount)).toThrow(RangeError);
  });
});

describe("formatDate", () => {
  test("day, month name and year, in British order", () => {
    expect(formatDate(new Date(Date.UTC(2027, 2, 15)))).toBe("15 March 2027");
  });

  test("uses the UTC calendar day whatever the server's time zone", () => {
    // 23:30 UTC is already the next day east of UTC and still that day in UTC.
    expect(formatDate("2027-03-15T23:30:00.000Z")).toBe("15 March 2027");
    expect(formatDate("2027-03-16T00:15:00.000Z")).toBe("16 March 2027");
    expect(formatDate("2026-12-01T00:00:00Z")).toBe("1 December 2026");
  });

  test("rejects an invalid date", () => {
    expect(() => formatDate("not a date")).toThrow(RangeError);
    expect(() => formatDate(new Date(Number.NaN))).toThrow(RangeError);
  });
});

test("formatYears says year or years", () => {
  expect(formatYears(1)).toBe("1 year");
  expect(formatYears(4)).toBe("4 years");
});
