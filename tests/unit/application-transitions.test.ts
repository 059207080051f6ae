import { APPLICATION_STATUSES, type ApplicationStatus } from "@/lib/applications/status";
import { canTransition, transitionRefusal } from "@/lib/applications/transitions";

const ALLOWED: [ApplicationStatus, ApplicationStatus][] = [
  ["pending", "in-review"],
  ["in-review", "rejected"],
  ["in-review", "sent-to-university"],
  ["sent-to-university", "approved"],
  ["sent-to-university", "rejected"],
];

test("exactly the workflow's moves are allowed", () => {
  for (const from of APPLICATION_STATUSES) {
    for (const to of APPLICATION_STATUSES) {
      const expected = ALLOWED.some(([a, b]) => a === from && b === to);
      expect({ from, to, allowed: canTransition(from, to) }).toEqual({ from, to, allowed: expected });
    }
  }
});

test("a refusal names the statuses allowed from here", () => {
  expect(transitionRefusal("pending", "approved")).toBe(
    "An application cannot move from Pending to Approved. From Pending it can move to: In Review.",
  );
  expect(transitionRefusal("in-review", "approved")).toContain("Rejected, Sent to University");
  expect(transitionRefusal("approved", "pending")).toContain("Approved is a final status.");
});
