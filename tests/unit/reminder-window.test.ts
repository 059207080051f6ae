import { dueReminder, reminderHorizon } from "@/lib/reminders/window";

// Which deadline reminder is due at a given moment: 14 days before, then 3 days before, counted
// in calendar days on the program's clocks (as the "days left" the e-mail shows).

const utc = { deadline: new Date("2027-03-15T00:00:00.000Z"), timeZone: "UTC" };
const at = (iso: string) => new Date(iso);

test.each([
  ["a month before", "2027-02-13T12:00:00.000Z", null],
  ["the last second of the day before the 14-day point", "2027-02-28T23:59:59.999Z", null],
  ["from the start of the 14-day point's day", "2027-03-01T00:00:00.000Z", 14],
  ["10 days before", "2027-03-05T12:00:00.000Z", 14],
  ["the day before the 3-day point (a late 14-day one is still due)", "2027-03-11T23:59:59.000Z", 14],
  ["on the 3-day point's day (no late 14-day one from here)", "2027-03-12T00:00:00.000Z", 3],
  ["1 day before", "2027-03-14T09:00:00.000Z", 3],
  ["on the deadline day, until its end", "2027-03-15T23:59:59.999Z", 3],
  ["once the deadline day is over", "2027-03-16T00:00:00.000Z", null],
] as const)("%s: %s", (_label, now, expected) => {
  expect(dueReminder(utc, at(now))).toBe(expected);
});

test("the days are the program's: Los Angeles' 3-day point starts 8 hours after UTC's", () => {
  const la = { ...utc, timeZone: "America/Los_Angeles" };
  expect(dueReminder(la, at("2027-03-12T07:59:00.000Z"))).toBe(14);
  expect(dueReminder(la, at("2027-03-12T08:00:00.000Z"))).toBe(3);
  expect(dueReminder(la, at("2027-03-16T06:59:59.999Z"))).toBe(3); // 23:59:59 on 15 March (PDT)
  expect(dueReminder(la, at("2027-03-16T07:00:00.000Z"))).toBeNull();
});

test("the horizon holds every deadline with a reminder due in any zone, and nothing later", () => {
  const now = at("2027-02-20T12:00:00.000Z");
  // 02:00 on 21 February in Kiritimati (UTC+14): 14 days on is 7 March.
  expect(reminderHorizon(now)).toEqual(at("2027-03-07T00:00:00.000Z"));
  expect(dueReminder({ deadline: reminderHorizon(now), timeZone: "Pacific/Kiritimati" }, now)).toBe(14);
  const later = new Date(reminderHorizon(now).getTime() + 86_400_000);
  for (const timeZone of ["Pacific/Kiritimati", "UTC", "Pacific/Pago_Pago"]) {
    expect(dueReminder({ deadline: later, timeZone }, now)).toBeNull();
  }
});
