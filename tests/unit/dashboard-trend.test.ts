import { trend, trendText } from "@/lib/dashboard/trend";

test("trend: percent change of the last 30 days against the 30 before, one decimal", () => {
  expect(trend(15, 10)).toBe(50);
  expect(trend(7, 8)).toBe(-12.5);
  expect(trend(1, 3)).toBe(-66.7);
  expect(trend(0, 0)).toBe(0);
  expect(trend(4, 0)).toBeNull();
});

test("trendText says it with a sign, or without a baseline", () => {
  expect(trendText(50)).toBe("+50% from last month");
  expect(trendText(-12.5)).toBe("-12.5% from last month");
  expect(trendText(0)).toBe("No change from last month");
  expect(trendText(null)).toBe("New this month");
});
