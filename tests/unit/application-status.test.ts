import { ApplicationStatus as DbStatus } from "@/lib/generated/prisma/enums";
import {
  APPLICATION_STATUSES,
  STATUS_BADGE_CLASSES,
  STATUS_LABELS,
  isApplicationStatus,
  toDbStatus,
  toStatus,
} from "@/lib/applications/status";

test("Prisma's enum values map to the SPEC's status names and back", () => {
  expect(Object.values(DbStatus).map(toStatus)).toEqual([...APPLICATION_STATUSES]);
  expect(APPLICATION_STATUSES.slice(0, 5)).toEqual([
    "pending",
    "in-review",
    "rejected",
    "sent-to-university",
    "approved",
  ]);
  for (const status of APPLICATION_STATUSES) expect(toStatus(toDbStatus(status))).toBe(status);
  expect(toDbStatus("in-review")).toBe("in_review");
  expect(toDbStatus("sent-to-university")).toBe("sent_to_university");
});

test("each status has a readable label and its badge colour", () => {
  expect(STATUS_LABELS).toMatchObject({
    pending: "Pending",
    "in-review": "In Review",
    rejected: "Rejected",
    "sent-to-university": "Sent to University",
    approved: "Approved",
  });
  // Every status has its own words on its badge.
  expect(new Set(Object.values(STATUS_LABELS)).size).toBe(APPLICATION_STATUSES.length);
  expect(STATUS_BADGE_CLASSES.pending).toContain("yellow");
  expect(STATUS_BADGE_CLASSES["in-review"]).toContain("blue");
  expect(STATUS_BADGE_CLASSES.rejected).toContain("red");
  expect(STATUS_BADGE_CLASSES["sent-to-university"]).toContain("purple");
  expect(STATUS_BADGE_CLASSES.approved).toContain("green");
  for (const status of APPLICATION_STATUSES) expect(STATUS_BADGE_CLASSES[status]).toMatch(/text-\w+-9\d\d/);
});

test("isApplicationStatus accepts only the SPEC's names", () => {
  expect(isApplicationStatus("in-review")).toBe(true);
  expect(isApplicationStatus("in_review")).toBe(false);
  expect(isApplicationStatus(undefined)).toBe(false);
});
