import { fillWeeks, recentWeeks, weekStart } from "@/lib/dashboard/weeks";

test("a week starts on Monday 00:00 UTC", () => {
  expect(weekStart(new Date("2026-11-21T15:30:00Z")).toISOString()).toBe("2026-11-16T00:00:00.000Z"); // a Saturday
  expect(weekStart(new Date("2026-11-16T00:00:00Z")).toISOString()).toBe("2026-11-16T00:00:00.000Z"); // Monday
  expect(weekStart(new Date("2026-11-22T23:59:59Z")).toISOString()).toBe("2026-11-16T00:00:00.000Z"); // Sunday
  expect(weekStart(new Date("2027-01-01T08:00:00Z")).toISOString()).toBe("2026-12-28T00:00:00.000Z"); // across a year
});

test("the last 12 weeks, oldest first, ending with the current one", () => {
  const weeks = recentWeeks(new Date("2026-11-21T12:00:00Z"));
  expect(weeks).toHaveLength(12);
  expect(weeks[0].toISOString().slice(0, 10)).toBe("2026-08-31");
  expect(weeks[11].toISOString().slice(0, 10)).toBe("2026-11-16");
  for (let i = 1; i < weeks.length; i++)
    expect(weeks[i].getTime() - weeks[i - 1].getTime()).toBe(7 * 86_400_000);
});

test("weeks without applications count zero", () => {
  const weeks = recentWeeks(new Date("2026-11-21T12:00:00Z"), 3);
  expect(fillWeeks(weeks, [{ week: new Date("2026-11-09T00:00:00Z"), count: 4 }])).toEqual([
    { week: "2026-11-02", applications: 0 },
    { week: "2026-11-09", applications: 4 },
    { week: "2026-11-16", applications: 0 },
  ]);
});
