import { dueReminder, reminderHorizon } from "@/lib/reminders/window";

// Which deadline reminder is due at a given moment: 14 days before, then 3 days before.

const DAY = 86_400_000;
const deadline = new Date("2027-03-15T00:00:00.000Z");
const before = (days: number, extraMs = 0) => new Date(deadline.getTime() - days * DAY + extraMs);

test.each([
  ["a month before", before(30), null],
  ["a second before the 14-day point", before(14, -1000), null],
  ["at the 14-day point", before(14), 14],
  ["10 days before", before(10), 14],
  ["a second before the 3-day point (a late 14-day one is still due)", before(3, -1000), 14],
  ["at the 3-day point (no late 14-day one from here)", before(3), 3],
  ["1 day before", before(1), 3],
  ["at the deadline", deadline, 3],
  ["a second after the deadline", new Date(deadline.getTime() + 1000), null],
] as const)("%s: %s", (_label, now, expected) => {
  expect(dueReminder(deadline, now)).toBe(expected);
});

test("the horizon is 14 days ahead: later deadlines have nothing due", () => {
  const now = before(20);
  expect(reminderHorizon(now)).toEqual(before(6));
  expect(dueReminder(new Date(reminderHorizon(now).getTime() + 1), now)).toBeNull();
});
