import { formatInterviewTime, wallClock } from "@/lib/applications/interview";
import { isTimeZone, zonedDateTime } from "@/lib/dates/zones";

// An interview is given as a date and time on the clocks of a time zone; it is stored as the
// moment with that zone's offset then, and shown again on the same clocks.

test.each([
  ["2027-03-12", "14:30", "Europe/Paris", "2027-03-12T14:30:00+01:00"],
  ["2027-07-12", "14:30", "Europe/Paris", "2027-07-12T14:30:00+02:00"],
  ["2027-03-12", "00:00", "America/New_York", "2027-03-12T00:00:00-05:00"],
  ["2027-03-12", "09:15", "Asia/Kolkata", "2027-03-12T09:15:00+05:30"],
  ["2027-03-12", "09:15", "UTC", "2027-03-12T09:15:00+00:00"],
])("%s %s in %s is %s", (date, time, zone, iso) => {
  expect(zonedDateTime(date, time, zone)).toBe(iso);
  expect(wallClock(iso, zone)).toEqual({ date, time });
});

test("a time a clock change skips still names a moment, an hour either side", () => {
  const iso = zonedDateTime("2027-03-28", "02:30", "Europe/Paris");
  expect(["2027-03-28T02:30:00+01:00", "2027-03-28T02:30:00+02:00"]).toContain(iso);
});

test("the same moment on another zone's clocks", () => {
  expect(wallClock("2027-03-12T14:30:00+01:00", "America/New_York")).toEqual({
    date: "2027-03-12",
    time: "08:30",
  });
  expect(formatInterviewTime({ startsAt: "2027-03-12T14:30:00+01:00", timeZone: "Asia/Tokyo" })).toBe(
    "Friday, 12 March 2027 at 22:30 GMT+9 (Asia/Tokyo)",
  );
});

test("time zones are the runtime's IANA names", () => {
  expect(isTimeZone("Europe/Paris")).toBe(true);
  expect(isTimeZone("UTC")).toBe(true);
  expect(isTimeZone("Mars/Olympus")).toBe(false);
  expect(isTimeZone("")).toBe(false);
});
