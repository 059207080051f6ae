import {
  addWorkingDays,
  calendarDay,
  decideByDate,
  hasPassed,
  isWorkingDay,
  replyReminderDue,
} from "@/lib/applications/dates";

// The working-day arithmetic of the decide-by date, and when a date passes. 2027: 1 March is a
// Monday, 27 and 28 February are a weekend.

describe("working days", () => {
  test("Saturday and Sunday are not working days; Monday to Friday are", () => {
    expect(["2027-03-01", "2027-03-02", "2027-03-03", "2027-03-04", "2027-03-05"].map(isWorkingDay)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(["2027-03-06", "2027-03-07"].map(isWorkingDay)).toEqual([false, false]);
  });

  test.each([
    ["Monday + 1 is Tuesday", "2027-03-01", 1, "2027-03-02"],
    ["Thursday + 1 is Friday", "2027-03-04", 1, "2027-03-05"],
    ["Friday + 1 is Monday", "2027-03-05", 1, "2027-03-08"],
    ["Saturday + 1 is Monday", "2027-03-06", 1, "2027-03-08"],
    ["Sunday + 1 is Monday", "2027-03-07", 1, "2027-03-08"],
    ["Monday + 5 is the next Monday", "2027-03-01", 5, "2027-03-08"],
    ["Monday + 6 is the next Tuesday", "2027-03-01", 6, "2027-03-09"],
    ["Sunday + 5 is Friday", "2027-03-07", 5, "2027-03-12"],
    ["Saturday + 10 is the Friday after next", "2027-03-06", 10, "2027-03-19"],
    ["Monday + 20 is four weeks on", "2027-03-01", 20, "2027-03-29"],
    ["Wednesday + 20 is four weeks on", "2027-03-03", 20, "2027-03-31"],
    ["across the end of February (not a leap year)", "2027-02-25", 3, "2027-03-02"],
    ["across the end of February in a leap year", "2028-02-28", 2, "2028-03-01"],
    ["across a 30-day month's end", "2027-04-29", 2, "2027-05-03"],
    ["across a 31-day month's end", "2027-03-31", 1, "2027-04-01"],
    ["across the end of the year", "2027-12-30", 3, "2028-01-04"],
    ["Friday + 20 is four weeks on, a Friday", "2027-12-31", 20, "2028-01-28"],
  ])("%s", (_label, day, days, expected) => {
    expect(addWorkingDays(day, days)).toBe(expected);
  });

  test("counting one working day at a time gives the same day as counting them at once", () => {
    for (let start = 0; start < 14; start++) {
      const day = calendarDay(new Date(Date.UTC(2027, 0, 1 + start)), "UTC");
      let stepped = day;
      for (let n = 1; n <= 30; n++) {
        stepped = addWorkingDays(stepped, 1);
        expect(addWorkingDays(day, n)).toBe(stepped);
      }
    }
  });
});

test("the decide-by date counts from the submission's calendar day in the program's zone", () => {
  // Friday late evening and Saturday just after midnight: different days, the same decide-by.
  expect(decideByDate(new Date("2027-03-05T23:59:59.999Z"), 20, "UTC")).toBe("2027-04-02");
  expect(decideByDate(new Date("2027-03-06T00:00:00.000Z"), 20, "UTC")).toBe("2027-04-02");
  expect(decideByDate(new Date("2027-03-04T12:00:00.000Z"), 20, "UTC")).toBe("2027-04-01");
  // Thursday 20:00 in California is already Friday in UTC: counted from Thursday there.
  expect(decideByDate(new Date("2027-03-05T04:00:00.000Z"), 20, "America/Los_Angeles")).toBe("2027-04-01");
  expect(decideByDate(new Date("2027-03-05T04:00:00.000Z"), 20, "UTC")).toBe("2027-04-02");
});

describe("in another zone, a date passes at the end of its calendar day there", () => {
  test.each([
    ["Berlin, at 23:59:59.999 there", "Europe/Berlin", "2027-03-12T22:59:59.999Z", false],
    ["Berlin, at midnight there", "Europe/Berlin", "2027-03-12T23:00:00.000Z", true],
    ["Los Angeles, at 16:00 UTC on the day", "America/Los_Angeles", "2027-03-12T16:00:00.000Z", false],
    ["Los Angeles, at 07:59 UTC the day after", "America/Los_Angeles", "2027-03-13T07:59:59.999Z", false],
    ["Los Angeles, at 08:00 UTC the day after", "America/Los_Angeles", "2027-03-13T08:00:00.000Z", true],
  ])("%s", (_label, zone, now, passed) => {
    expect(hasPassed("2027-03-12", new Date(now), zone)).toBe(passed);
  });
});

describe("a date passes at the end of its calendar day, in UTC", () => {
  test.each([
    ["the day before", "2027-03-11T12:00:00.000Z", false],
    ["at the start of the day", "2027-03-12T00:00:00.000Z", false],
    ["at 23:59:59", "2027-03-12T23:59:59.999Z", false],
    ["at midnight after it", "2027-03-13T00:00:00.000Z", true],
    ["a month later", "2027-04-12T00:00:00.000Z", true],
  ])("%s", (_label, now, passed) => {
    expect(hasPassed("2027-03-12", new Date(now), "UTC")).toBe(passed);
  });
});

describe("the reply reminder is due from 3 days before the reply-by date until it passes", () => {
  test.each([
    ["4 days before", "2027-03-08T23:59:59.000Z", false],
    ["3 days before", "2027-03-09T00:00:00.000Z", true],
    ["on the day", "2027-03-12T23:00:00.000Z", true],
    ["once it passed", "2027-03-13T00:00:00.000Z", false],
  ])("%s", (_label, now, due) => {
    expect(replyReminderDue("2027-03-12", new Date(now), "UTC")).toBe(due);
  });
});
