import { readFileSync } from "node:fs";
import { APPLICATION_STATUSES, type ApplicationStatus } from "@/lib/applications/status";
import { BULK_STATUSES, bulkStatusesFor } from "@/lib/applications/bulk";
import { PERMISSIONS } from "@/lib/auth/staff-permissions";
import {
  CONDITION_MARKING_PERMISSION,
  conditionsRefusal,
  dialogStatuses,
  guardHolds,
  holdsPermissionFor,
  OPEN_STATUSES,
  STATUSES_IN_LIFE_ORDER,
  TRANSITIONS,
  transitionNamed,
  nextStatuses,
  transitionRefusal,
  transitionsFrom,
  type WorkflowActor,
} from "@/lib/applications/workflow";
import { workflowDocument } from "@/lib/applications/workflow-doc";

// The application's life as the admissions team and the students know it. Each row is written
// out by hand, so that a change to the table that changes who may do what fails here until it is
// meant (and this list is changed with it).

const EXPECTED: Record<ApplicationStatus, Partial<Record<WorkflowActor, ApplicationStatus[]>>> = {
  pending: { teamAdmin: ["in-review"], student: ["withdrawn"], system: ["inactive"] },
  "in-review": {
    teamAdmin: ["sent-to-university", "rejected"],
    student: ["withdrawn"],
    system: ["inactive"],
  },
  "sent-to-university": {
    teamAdmin: ["interviewing", "approved", "rejected"],
    student: ["withdrawn"],
    system: ["inactive"],
  },
  interviewing: {
    teamAdmin: ["sent-to-university", "approved", "rejected"],
    student: ["withdrawn"],
    system: ["inactive"],
  },
  approved: {
    teamAdmin: ["offer-withdrawn"],
    student: ["conditions-pending", "place-confirmed", "offer-declined", "withdrawn"],
    system: ["offer-declined"],
  },
  "conditions-pending": {
    teamAdmin: ["offer-withdrawn", "place-confirmed", "conditions-not-met", "deferred"],
    student: ["offer-declined", "withdrawn"],
  },
  "place-confirmed": { teamAdmin: ["deferred", "enrolled"], student: ["offer-declined", "withdrawn"] },
  deferred: { teamAdmin: ["place-confirmed", "conditions-pending"], student: ["withdrawn"] },
  inactive: {
    teamAdmin: ["interviewing", "approved", "rejected", "in-review"],
    student: ["withdrawn"],
  },
  rejected: {},
  "conditions-not-met": {},
  "offer-declined": {},
  "offer-withdrawn": {},
  enrolled: {},
  withdrawn: {},
};

const ACTORS: WorkflowActor[] = ["student", "teamAdmin", "superAdmin", "system"];

describe.each(APPLICATION_STATUSES)("from %s", (from) => {
  test.each(ACTORS)("%s may move it exactly where the team expects, and nowhere else", (actor) => {
    // Super admins may do what team admins may (per-user permissions come later).
    const expected = EXPECTED[from][actor === "superAdmin" ? "teamAdmin" : actor] ?? [];
    expect(nextStatuses(from, actor)).toEqual(expected);
    for (const to of APPLICATION_STATUSES) {
      const allowed = transitionsFrom(from, actor).some((t) => t.to === to);
      expect([to, allowed]).toEqual([to, expected.includes(to) || (from === to && allowed)]);
    }
  });
});

test("the contract's review workflow is unchanged for admins", () => {
  expect(nextStatuses("pending", "teamAdmin")).toEqual(["in-review"]);
  expect(nextStatuses("in-review", "superAdmin")).toEqual(["sent-to-university", "rejected"]);
  expect(nextStatuses("sent-to-university", "teamAdmin")).toEqual(
    expect.arrayContaining(["approved", "rejected"]),
  );
});

test("a student may withdraw from every open state and from no closed one", () => {
  for (const status of APPLICATION_STATUSES) {
    const withdraws = transitionsFrom(status, "student").some((t) => t.name === "withdraw");
    expect([status, withdraws]).toEqual([status, (OPEN_STATUSES as readonly string[]).includes(status)]);
  }
});

test("every state is reachable from a new application", () => {
  const reached = new Set<ApplicationStatus>(["pending"]);
  for (let grew = true; grew;) {
    grew = false;
    for (const t of TRANSITIONS) {
      if (t.from.some((s) => reached.has(s)) && !reached.has(t.to)) {
        reached.add(t.to);
        grew = true;
      }
    }
  }
  expect([...reached].sort()).toEqual([...APPLICATION_STATUSES].sort());
});

test("the lists of statuses (the list's filter, the dashboard) name each status once, open ones first", () => {
  expect([...STATUSES_IN_LIFE_ORDER].sort()).toEqual([...APPLICATION_STATUSES].sort());
  expect(STATUSES_IN_LIFE_ORDER.slice(0, OPEN_STATUSES.length)).toEqual([...OPEN_STATUSES]);
});

const pending = { status: "pending" as const };
const met = { status: "met" as const };
const notMet = { status: "not-met" as const };

test("the offer's conditions decide between the guarded moves: one applies, never both", () => {
  const accept = transitionNamed("accept-offer");
  const acceptUnconditional = transitionNamed("accept-unconditional-offer");
  expect([guardHolds(accept, [pending]), guardHolds(acceptUnconditional, [pending])]).toEqual([true, false]);
  expect([guardHolds(accept, []), guardHolds(acceptUnconditional, [])]).toEqual([false, true]);
  // Conditions all met before the reply: accepting confirms the place.
  expect([guardHolds(accept, [met, met]), guardHolds(acceptUnconditional, [met, met])]).toEqual([
    false,
    true,
  ]);
  for (const status of APPLICATION_STATUSES) {
    for (const conditions of [[], [pending], [met], [met, notMet]]) {
      for (const actor of ["student", "teamAdmin"] as const) {
        const moves = transitionsFrom(status, actor).filter((t) => guardHolds(t, conditions));
        expect(new Set(moves.map((t) => t.to)).size).toBe(moves.length);
      }
    }
  }
});

test("the place is confirmed once every condition is marked met, and not met once one is marked so", () => {
  const confirm = transitionNamed("confirm-conditions");
  const notMetMove = transitionNamed("conditions-not-met");
  expect(guardHolds(confirm, [met, met])).toBe(true);
  expect(guardHolds(confirm, [met, pending])).toBe(false);
  expect(conditionsRefusal(confirm, [met, pending])).toBe(
    "Mark every condition of the offer met first (1 of 2 conditions met).",
  );
  expect(guardHolds(notMetMove, [met, pending])).toBe(false);
  expect(conditionsRefusal(notMetMove, [met, pending])).toBe("Mark the condition that was not met first.");
  expect(guardHolds(notMetMove, [met, notMet])).toBe(true);
  expect(conditionsRefusal(notMetMove, [met, notMet])).toBeNull();
});

test("nothing is rejected by waiting: the scheduled jobs only mark inactive and decline by default", () => {
  const system = TRANSITIONS.filter((t) => t.by.includes("system")).map((t) => [t.name, t.to]);
  expect(system).toEqual([
    ["decline-by-default", "offer-declined"],
    ["mark-inactive", "inactive"],
  ]);
});

test("every rejection, withdrawal of an offer, cancelled interview and failed condition says why", () => {
  for (const name of ["withdraw-offer", "cancel-interview", "reschedule-interview", "conditions-not-met"]) {
    expect(TRANSITIONS.find((t) => t.name === name)?.requires).toContain("reason");
  }
  expect(TRANSITIONS.find((t) => t.name === "reject")?.requires).toContain("rejectionReasons");
});

test("the decisions on a place need the permission to make decisions; the rest of the review none", () => {
  const decisions = TRANSITIONS.filter((t) => t.permission === "make-decisions").map((t) => t.name);
  expect(decisions).toEqual([
    "make-offer",
    "reject",
    "withdraw-offer",
    "confirm-conditions",
    "conditions-not-met",
    "defer",
    "reinstate",
    "reinstate-with-conditions",
    "enrol",
  ]);
  // No other permission guards a move, and neither students nor the jobs ever need one.
  expect(TRANSITIONS.filter((t) => t.permission && t.permission !== "make-decisions")).toEqual([]);
  expect(
    TRANSITIONS.filter((t) => t.permission && t.by.some((by) => by === "student" || by === "system")),
  ).toEqual([]);
  expect(CONDITION_MARKING_PERMISSION).toBe("make-decisions");
});

test("who holds what a move needs: super admins always, team admins with the grant", () => {
  const offer = transitionNamed("make-offer");
  const review = transitionNamed("start-review");
  const team = (permissions: (typeof PERMISSIONS)[number][]) =>
    ({ role: "admin", adminType: "team", permissions }) as const;
  expect(holdsPermissionFor(offer, team([]))).toBe(false);
  expect(holdsPermissionFor(offer, team(["export-data", "manage-catalogue"]))).toBe(false);
  expect(holdsPermissionFor(offer, team(["make-decisions"]))).toBe(true);
  expect(holdsPermissionFor(offer, { role: "admin", adminType: "super", permissions: [] })).toBe(true);
  expect(holdsPermissionFor(review, team([]))).toBe(true);
});

test("the Update status dialog offers a decision only to those who may make it", () => {
  expect(dialogStatuses("in-review", PERMISSIONS)).toEqual(["sent-to-university", "rejected"]);
  expect(dialogStatuses("in-review", [])).toEqual(["sent-to-university"]);
  expect(dialogStatuses("conditions-pending", PERMISSIONS)).toEqual(["place-confirmed"]);
  expect(dialogStatuses("conditions-pending", ["export-data"])).toEqual([]);
  expect(dialogStatuses("pending", [])).toEqual(["in-review"]);
});

test("bulk moves offer a decision only to those who may make it", () => {
  expect(BULK_STATUSES).toEqual(["in-review", "sent-to-university", "enrolled"]);
  expect(bulkStatusesFor(PERMISSIONS)).toEqual(BULK_STATUSES);
  expect(bulkStatusesFor(["export-data"])).toEqual(["in-review", "sent-to-university"]);
});

test("a refused move names what is allowed from where the application is", () => {
  expect(transitionRefusal("pending", "approved", "teamAdmin")).toBe(
    "An application cannot move from Pending to Approved. From Pending it can move to: In Review.",
  );
  expect(transitionRefusal("enrolled", "withdrawn", "student")).toBe(
    "An application cannot move from Enrolled to Withdrawn. Enrolled is a final status.",
  );
  expect(transitionRefusal("conditions-pending", "enrolled", "student")).toBe(
    "An application cannot move from Conditions Pending to Enrolled. From Conditions Pending it can move to: Offer Declined, Withdrawn.",
  );
});

test("docs/application-states.md is the table's (npm run docs:states writes it)", () => {
  expect(readFileSync("docs/application-states.md", "utf8")).toBe(workflowDocument());
});
