import { dayEndsAt, dayHasPassed, dayIn, deadlineDay } from "@/lib/dates/days";
import { COUNTRY_TIME_ZONES, countryTimeZone } from "@/lib/dates/country-zones";
import { isTimeZone, offsetMinutes } from "@/lib/dates/zones";
import { deadlinePassed, formatDeadline } from "@/lib/format";
import { readFileSync } from "node:fs";
import { join } from "node:path";

// The one rule for dates that are days (deadlines, reply-by and decide-by dates): a day passes at
// the end of 23:59:59.999 on it in the program's time zone.

const at = (iso: string) => new Date(iso);
const ms = (date: Date) => date.toISOString();

describe("the moment a day ends", () => {
  test.each([
    ["UTC", "UTC", "2027-03-15", "2027-03-16T00:00:00.000Z"],
    ["Berlin in winter (UTC+1)", "Europe/Berlin", "2027-01-15", "2027-01-15T23:00:00.000Z"],
    ["Berlin in summer (UTC+2)", "Europe/Berlin", "2027-07-15", "2027-07-15T22:00:00.000Z"],
    [
      "Los Angeles before its clock change (UTC-8)",
      "America/Los_Angeles",
      "2027-03-01",
      "2027-03-02T08:00:00.000Z",
    ],
    ["Los Angeles after it (UTC-7)", "America/Los_Angeles", "2027-03-15", "2027-03-16T07:00:00.000Z"],
    ["Kolkata, half an hour (UTC+5:30)", "Asia/Kolkata", "2027-03-15", "2027-03-15T18:30:00.000Z"],
    ["Kathmandu, a quarter (UTC+5:45)", "Asia/Kathmandu", "2027-03-15", "2027-03-15T18:15:00.000Z"],
    ["Kiritimati, furthest ahead (UTC+14)", "Pacific/Kiritimati", "2027-03-15", "2027-03-15T10:00:00.000Z"],
    ["Pago Pago, behind (UTC-11)", "Pacific/Pago_Pago", "2027-03-15", "2027-03-16T11:00:00.000Z"],
  ])("%s", (_label, zone, day, end) => {
    expect(ms(dayEndsAt(day, zone))).toBe(end);
  });

  test("the days of a clock change are 23 and 25 hours long", () => {
    // Europe/Berlin: clocks forward on 28 March 2027, back on 31 October 2027.
    const length = (day: string, previous: string) =>
      (dayEndsAt(day, "Europe/Berlin").getTime() - dayEndsAt(previous, "Europe/Berlin").getTime()) /
      3_600_000;
    expect(length("2027-03-28", "2027-03-27")).toBe(23);
    expect(length("2027-10-31", "2027-10-30")).toBe(25);
    // America/Los_Angeles: forward on 14 March 2027, back on 7 November 2027.
    expect(ms(dayEndsAt("2027-03-13", "America/Los_Angeles"))).toBe("2027-03-14T08:00:00.000Z");
    expect(ms(dayEndsAt("2027-03-14", "America/Los_Angeles"))).toBe("2027-03-15T07:00:00.000Z");
    expect(ms(dayEndsAt("2027-11-07", "America/Los_Angeles"))).toBe("2027-11-08T08:00:00.000Z");
  });

  test("where a clock change skips or repeats midnight, the day ends when the next one begins", () => {
    // America/Santiago: on 5 September 2027 the clocks go from 24:00 (UTC-4) to 01:00 (UTC-3), so
    // 4 September ends at 04:00 UTC; on 4 April 2027 they go back from 24:00 (UTC-3) to 23:00
    // (UTC-4): 3 April's last hour is lived twice, and it ends at 04:00 UTC.
    expect(ms(dayEndsAt("2027-09-04", "America/Santiago"))).toBe("2027-09-05T04:00:00.000Z");
    expect(dayIn(at("2027-09-05T04:00:00.000Z"), "America/Santiago")).toBe("2027-09-05");
    expect(ms(dayEndsAt("2027-04-03", "America/Santiago"))).toBe("2027-04-04T04:00:00.000Z");
    expect(dayIn(at("2027-04-04T03:59:59.999Z"), "America/Santiago")).toBe("2027-04-03");
  });

  test("every zone the form offers ends a day at the first instant of the next day there", () => {
    for (const zone of Intl.supportedValuesOf("timeZone")) {
      for (const day of ["2027-01-15", "2027-03-28", "2027-07-01", "2027-10-31"]) {
        const end = dayEndsAt(day, zone);
        expect([zone, dayIn(new Date(end.getTime() - 1), zone)]).toEqual([zone, day]);
        expect([zone, dayIn(end, zone) > day]).toEqual([zone, true]);
      }
    }
  });
});

describe("the day an instant falls on", () => {
  test.each([
    ["2027-03-15T10:00:00.000Z", "Pacific/Kiritimati", "2027-03-16"],
    ["2027-03-15T09:59:59.999Z", "Pacific/Kiritimati", "2027-03-15"],
    ["2027-03-15T10:00:00.000Z", "Pacific/Pago_Pago", "2027-03-14"],
    ["2027-03-15T18:29:59.999Z", "Asia/Kolkata", "2027-03-15"],
    ["2027-03-15T18:30:00.000Z", "Asia/Kolkata", "2027-03-16"],
    ["2027-03-15T23:59:59.999Z", "UTC", "2027-03-15"],
  ])("%s in %s is %s", (instant, zone, day) => {
    expect(dayIn(at(instant), zone)).toBe(day);
  });
});

describe("whether a day has passed", () => {
  test("the California example: 'Deadline: 15 March' is open all of 15 March there", () => {
    const program = { deadline: at("2027-03-15T00:00:00.000Z"), timeZone: "America/Los_Angeles" };
    // 16:00 on 14 March in California (00:00 UTC on 15 March): the old rule closed here.
    expect(deadlinePassed(program, at("2027-03-15T00:00:00.000Z"))).toBe(false);
    expect(deadlinePassed(program, at("2027-03-15T23:00:00.000Z"))).toBe(false);
    // 23:59:59.999 on 15 March in California (PDT, UTC-7) is 06:59:59.999 UTC on the 16th.
    expect(deadlinePassed(program, at("2027-03-16T06:59:59.999Z"))).toBe(false);
    expect(deadlinePassed(program, at("2027-03-16T07:00:00.000Z"))).toBe(true);
  });

  test.each([
    ["Pacific/Kiritimati", "2027-03-15T09:59:59.999Z", "2027-03-15T10:00:00.000Z"],
    ["Pacific/Pago_Pago", "2027-03-16T10:59:59.999Z", "2027-03-16T11:00:00.000Z"],
    ["Asia/Kolkata", "2027-03-15T18:29:59.999Z", "2027-03-15T18:30:00.000Z"],
    ["Europe/Berlin", "2027-03-15T22:59:59.999Z", "2027-03-15T23:00:00.000Z"],
  ])("in %s, 15 March is open until %s and closed from %s", (zone, lastOpen, firstClosed) => {
    expect(dayHasPassed("2027-03-15", zone, at(lastOpen))).toBe(false);
    expect(dayHasPassed("2027-03-15", zone, at(firstClosed))).toBe(true);
  });
});

test("a stored deadline is its UTC date; the page shows its last minute in the zone", () => {
  expect(deadlineDay("2027-03-15T00:00:00.000Z")).toBe("2027-03-15");
  expect(deadlineDay(at("2027-03-15T13:30:00.000Z"))).toBe("2027-03-15");
  expect(formatDeadline({ deadline: "2027-03-15T00:00:00.000Z", timeZone: "Europe/Berlin" })).toBe(
    "15 March 2027, 23:59 (Europe/Berlin)",
  );
});

describe("time zones", () => {
  test("names the runtime knows are zones; offsets and unknown names are not", () => {
    expect(["UTC", "Europe/Berlin", "Asia/Kolkata", "Asia/Calcutta", "Etc/GMT+5"].map(isTimeZone)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(["", "Mars/Olympus_Mons", "+05:30", "-08:00", "Europe/Berlin; DROP"].map(isTimeZone)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  test("offsets ahead of and behind UTC, in minutes", () => {
    expect(offsetMinutes(Date.UTC(2027, 2, 15), "Asia/Kolkata")).toBe(330);
    expect(offsetMinutes(Date.UTC(2027, 2, 15), "Pacific/Kiritimati")).toBe(840);
    expect(offsetMinutes(Date.UTC(2027, 2, 15), "Pacific/Pago_Pago")).toBe(-660);
  });

  test("a country with one clock gives its zone; one with several, or none known, gives UTC", () => {
    expect(countryTimeZone("DE")).toBe("Europe/Berlin");
    expect(countryTimeZone("in")).toBe("Asia/Calcutta");
    expect(countryTimeZone("US")).toBe("UTC");
    expect(countryTimeZone("AU")).toBe("UTC");
    expect(countryTimeZone(null)).toBe("UTC");
    for (const zone of Object.values(COUNTRY_TIME_ZONES))
      expect([zone, isTimeZone(zone)]).toEqual([zone, true]);
  });

  test("the migration gave existing programs the zones of the same list", () => {
    const sql = readFileSync(
      join(process.cwd(), "prisma/migrations/20261126211000_program_time_zone/migration.sql"),
      "utf8",
    );
    const listed = Object.fromEntries(
      [...sql.matchAll(/\('([A-Z]{2})', '([^']+)'\)/g)].map((m) => [m[1], m[2]]),
    );
    expect(listed).toEqual(COUNTRY_TIME_ZONES);
  });
});
