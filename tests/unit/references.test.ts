import { madeBy, meaningOf, type HistoryEntry } from "@/lib/applications/history";
import { REFERENCE_EVENT, referenceEventData, referenceEventOf } from "@/lib/references/events";
import {
  isActive,
  linkExpiresAt,
  reminderDueAt,
  reminderRefusal,
  replaceRefusal,
} from "@/lib/references/rules";
import {
  declineReferenceSchema,
  refereeSchema,
  referenceTokenSchema,
  writeReferenceSchema,
} from "@/lib/validation/references";

// The rules of references that need no database: when a reminder may go, who may be replaced,
// how the history reads each step, and what the forms accept.

const REQUESTED = new Date("2026-03-02T09:00:00Z");
const DAY = 86_400_000;

test("one reminder, from 7 days after the request, while the reference is awaited", () => {
  const awaited = { status: "requested" as const, requestedAt: REQUESTED, remindedAt: null };
  expect(reminderDueAt(REQUESTED)).toEqual(new Date(REQUESTED.getTime() + 7 * DAY));
  expect(reminderRefusal(awaited, new Date(REQUESTED.getTime() + 7 * DAY - 1))).toBe(
    "You can remind this referee from 9 March 2026.",
  );
  expect(reminderRefusal(awaited, new Date(REQUESTED.getTime() + 7 * DAY))).toBeNull();
  expect(
    reminderRefusal({ ...awaited, remindedAt: REQUESTED }, new Date(REQUESTED.getTime() + 9 * DAY)),
  ).toBe("You have already sent this referee their reminder.");
  for (const status of ["received", "declined", "bounced", "replaced"] as const)
    expect(reminderRefusal({ ...awaited, status }, new Date(REQUESTED.getTime() + 9 * DAY))).not.toBeNull();
});

test("a referee who has not sent a reference may be replaced; replaced ones no longer count", () => {
  expect(replaceRefusal({ status: "requested" })).toBeNull();
  expect(replaceRefusal({ status: "declined" })).toBeNull();
  expect(replaceRefusal({ status: "bounced" })).toBeNull();
  expect(replaceRefusal({ status: "received" })).toMatch(/already sent/);
  expect(replaceRefusal({ status: "replaced" })).toMatch(/already been replaced/);
  expect(["requested", "received", "declined", "bounced"].every((s) => isActive(s as never))).toBe(true);
  expect(isActive("replaced")).toBe(false);
  expect(linkExpiresAt(REQUESTED)).toEqual(new Date(REQUESTED.getTime() + 30 * DAY));
});

function entry(step: Parameters<typeof referenceEventData>[0], by: string | null): HistoryEntry {
  return {
    at: REQUESTED.toISOString(),
    from: "pending",
    to: "pending",
    transition: REFERENCE_EVENT,
    note: null,
    reason: null,
    data: referenceEventData(step, 7, "Dr Ada"),
    by,
  };
}

test("each step reads for the team and for the student, with who took it", () => {
  const named = entry("named", "Robin Moreau");
  expect(meaningOf(named, "staff")).toBe("The student asked Dr Ada for a reference.");
  expect(meaningOf(named, "student")).toBe("You asked Dr Ada for a reference.");
  expect(madeBy(named, "staff")).toBe("by Robin Moreau");
  expect(madeBy(named, "student")).toBe("by you");
  const received = entry("received", "Dr Ada");
  expect(meaningOf(received, "student")).toBe("Dr Ada sent a reference.");
  expect(madeBy(received, "staff")).toBe("by the referee");
  const bounced = entry("bounced", null);
  expect(meaningOf(bounced, "staff")).toBe(
    "The e-mail asking Dr Ada for a reference could not be delivered.",
  );
  expect(madeBy(bounced, "student")).toBe("automatically");
  // Data of another shape is no reference step.
  expect(
    referenceEventOf({ transition: REFERENCE_EVENT, data: { reference: { step: "deleted", referee: "X" } } }),
  ).toBeNull();
  expect(
    referenceEventOf({ transition: "update-condition", data: referenceEventData("named", 1, "X") }),
  ).toBeNull();
});

test("the forms: a referee's fields, the waiver box, the link's token, the answer's length", () => {
  const referee = { name: " Dr Ada ", email: "Ada@Example.com", relationship: "Supervisor" };
  expect(refereeSchema.parse(referee)).toEqual({
    name: "Dr Ada",
    email: "ada@example.com",
    relationship: "Supervisor",
    waived: false,
  });
  expect(refereeSchema.parse({ ...referee, waived: "on" }).waived).toBe(true);
  expect(refereeSchema.parse({ ...referee, waived: true }).waived).toBe(true);
  expect(refereeSchema.safeParse({ ...referee, waived: "maybe" }).success).toBe(false);
  expect(refereeSchema.safeParse({ ...referee, relationship: "Line\nbreak" }).success).toBe(false);

  expect(referenceTokenSchema.safeParse("A".repeat(43)).success).toBe(true);
  for (const bad of ["A".repeat(42), "A".repeat(44), `${"A".repeat(42)}/`, "../" + "A".repeat(40)])
    expect(referenceTokenSchema.safeParse(bad).success).toBe(false);

  const token = "A".repeat(43);
  expect(writeReferenceSchema.safeParse({ token, text: `a${" ".repeat(300)}b` }).success).toBe(false);
  expect(writeReferenceSchema.safeParse({ token, text: "ab".repeat(100) }).success).toBe(true);
  expect(writeReferenceSchema.safeParse({ token, text: "x".repeat(10_001) }).success).toBe(false);
  expect(declineReferenceSchema.safeParse({ token, reason: " \n " }).success).toBe(false);
});
