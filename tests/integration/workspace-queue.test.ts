import { PUT as putAssignee } from "@/app/api/applications/[id]/assignee/route";
import { GET as detail } from "@/app/api/applications/[id]/route";
import { GET as list } from "@/app/api/applications/route";
import { GET as exportCsv } from "@/app/api/applications/export.csv/route";
import { parse } from "csv-parse/sync";
import { APPLICATION_EXPORT_COLUMNS } from "@/lib/applications/export.server";
import { ASSIGNEE_IS_STUDENT, ASSIGNEE_NOT_STAFF } from "@/lib/applications/assignment.server";
import { addDays, dayIn } from "@/lib/dates/days";
import { queueTabOf, urgencyOf, QUEUE_TABS, REPLY_NEAR_DAYS, type QueueTab } from "@/lib/applications/queue";
import { queueIds, queuePage, queueTabCounts } from "@/lib/applications/queue.server";
import { listApplicationsByIds } from "@/lib/applications/queries.server";
import { OWN_APPLICATION_REVIEW } from "@/lib/auth/policy";
import { prisma } from "@/lib/db/client.server";
import { toDbStatus, type ApplicationStatus } from "@/lib/applications/status";
import { workspaceListQuery, type WorkspaceFilters } from "@/lib/validation/application";
import {
  cleanup,
  createApplication,
  createStudent,
  createStudyLevel,
  createSuperAdmin,
  createTeamAdmin,
  createUniversity,
  createUser,
} from "../support/factories";
import { signIn } from "../support/roles";

// The team's workspace: the queue's order and tabs (the SQL against the rules of
// lib/applications/queue.ts), every filter, the tab counts adding up, and assignment (claim,
// assign, unassign: events and audit entries, refusals), read through the API as staff and as the
// student.

afterAll(cleanup);

const now = new Date();
const today = dayIn(now, "UTC");
const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(now.getTime() - n * DAY);

type Spec = {
  key: string;
  status: ApplicationStatus;
  submitted: number;
  decideBy?: number;
  replyBy?: number;
  request?: "open" | "answered";
  second?: boolean;
};

// Each case of the queue's rules, days relative to today (decide-by in the future unless given).
const SPECS: Spec[] = [
  { key: "closedOld", status: "rejected", submitted: 10 },
  { key: "overdueOld", status: "in-review", submitted: 30, decideBy: -5 },
  { key: "newRecent", status: "pending", submitted: 1 },
  { key: "inactive", status: "inactive", submitted: 28, decideBy: -2 },
  { key: "answered", status: "sent-to-university", submitted: 20, request: "answered" },
  { key: "replyFar", status: "approved", submitted: 25, replyBy: 20 },
  { key: "conditions", status: "conditions-pending", submitted: 26 },
  { key: "overdueNew", status: "pending", submitted: 27, decideBy: -1 },
  { key: "replyNear", status: "approved", submitted: 24, replyBy: 3, second: true },
  { key: "newOld", status: "pending", submitted: 3, second: true },
  { key: "openRequest", status: "in-review", submitted: 15, request: "open", second: true },
  { key: "university", status: "interviewing", submitted: 12, second: true },
  { key: "closedNew", status: "withdrawn", submitted: 2, second: true },
];

const EXPECTED_ORDER = [
  "overdueOld",
  "inactive",
  "overdueNew",
  "answered",
  "conditions",
  "replyNear",
  "newOld",
  "newRecent",
  // The rest of the open ones, the oldest submission first.
  "replyFar",
  "openRequest",
  "university",
  // Closed, the newest first.
  "closedNew",
  "closedOld",
];

const EXPECTED_TABS: Record<string, QueueTab> = {
  closedOld: "closed",
  closedNew: "closed",
  overdueOld: "needs-review",
  overdueNew: "needs-review",
  inactive: "needs-review",
  answered: "needs-review",
  conditions: "needs-review",
  newOld: "needs-review",
  newRecent: "needs-review",
  replyNear: "offers",
  replyFar: "offers",
  openRequest: "student",
  university: "university",
};

let ids: Record<string, number>;
let byId: Map<number, string>;
let universityId: number;
let secondUniversityId: number;
let secondProgramId: number;
let staff: Awaited<ReturnType<typeof createTeamAdmin>>;
let colleague: Awaited<ReturnType<typeof createTeamAdmin>>;

const base = (): WorkspaceFilters => workspaceListQuery.filterSchema.parse({});

beforeAll(async () => {
  const first = await createUniversity({
    countryCode: "NZ",
    programs: [{ degree: "MSc", level: "Master's" }],
  });
  const second = await createUniversity({ countryCode: "CA", programs: [{ degree: "PhD", level: "PhD" }] });
  universityId = first.id;
  secondUniversityId = second.id;
  secondProgramId = second.programs[0].id;
  staff = await createTeamAdmin();
  colleague = await createTeamAdmin();
  ids = {};
  for (const spec of SPECS) {
    // One open application per student and program: a student of their own for each.
    const student = await createStudent();
    const application = await createApplication({
      userId: student.id,
      programId: spec.second ? secondProgramId : first.programs[0].id,
      status: toDbStatus(spec.status),
      submittedAt: daysAgo(spec.submitted),
      decideBy: addDays(today, spec.decideBy ?? 10),
      replyBy: spec.replyBy === undefined ? undefined : addDays(today, spec.replyBy),
    });
    ids[spec.key] = application.id;
    if (spec.request)
      await prisma.documentRequest.create({
        data: {
          applicationId: application.id,
          message: "Send your transcript.",
          status: spec.request,
          requestedByName: staff.fullName,
        },
      });
  }
  byId = new Map(Object.entries(ids).map(([key, id]) => [id, key]));
});

/** Ours only: both test universities, whatever else the database holds. */
async function keysOf(filters: Partial<WorkspaceFilters>, universities = [universityId, secondUniversityId]) {
  const found: string[] = [];
  for (const university of universities) {
    const all = await queueIds({ ...base(), ...filters, university }, staff, now);
    found.push(...all.map((id) => byId.get(id)!).filter(Boolean));
  }
  return found;
}

test("the queue puts the most urgent first, in both universities together", async () => {
  // Across both universities: the order of the two lists merged is the expected order.
  const ordered = EXPECTED_ORDER.filter((key) => SPECS.find((s) => s.key === key));
  const first = await keysOf({}, [universityId]);
  const second = await keysOf({}, [secondUniversityId]);
  expect(first).toEqual(ordered.filter((key) => !SPECS.find((s) => s.key === key)!.second));
  expect(second).toEqual(ordered.filter((key) => SPECS.find((s) => s.key === key)!.second));
});

test("the SQL agrees with the rules of lib/applications/queue.ts on every application", async () => {
  const items = await listApplicationsByIds(Object.values(ids));
  for (const item of items) {
    const key = byId.get(item.id)!;
    const facts = {
      status: item.status,
      decideBy: item.decideBy,
      replyBy: item.replyBy,
      requests: item.requests,
      today,
      replyNearLimit: addDays(today, REPLY_NEAR_DAYS),
    };
    expect([key, queueTabOf(facts)]).toEqual([key, EXPECTED_TABS[key]]);
    for (const tab of QUEUE_TABS) {
      const inTab = (await keysOf({ tab })).includes(key);
      expect([key, tab, inTab]).toEqual([key, tab, tab === EXPECTED_TABS[key]]);
    }
  }
  expect(
    urgencyOf({
      ...base(),
      status: "inactive",
      decideBy: today,
      replyBy: null,
      requests: { open: 0, answered: 0 },
      today,
      replyNearLimit: today,
    }),
  ).toBe("overdue");
});

test("the tabs' counts add up to the list's count, under the other filters", async () => {
  for (const university of [universityId, secondUniversityId]) {
    const counts = await queueTabCounts({ ...base(), university }, staff, now);
    const total = (await queuePage({ ...base(), university }, staff, { limit: 5, offset: 0 }, now)).total;
    expect(counts.all).toBe(total);
    expect(QUEUE_TABS.reduce((sum, tab) => sum + counts[tab], 0)).toBe(total);
    for (const tab of QUEUE_TABS) {
      const page = await queuePage({ ...base(), university, tab }, staff, { limit: 50, offset: 0 }, now);
      expect(page.total).toBe(counts[tab]);
      // The counts sort the facts into tabs with the rules; the list's SQL filters each tab.
      expect([tab, (await queueIds({ ...base(), university, tab }, staff, now)).length]).toEqual([
        tab,
        counts[tab],
      ]);
    }
  }
});

test("a page read bucket by bucket holds the rows of the ranking of every match, in every tab and under the filters", async () => {
  // The first pages of the queue read only the buckets of urgency a page reaches; every other read
  // ranks every match. The two agree on every window: across a bucket's end, within one, past the
  // last. A study level of the test's own narrows both to its applications without a filter that
  // makes the page rank every match.
  const level = await createStudyLevel();
  const { programs } = await createUniversity({ programs: [{ degree: "MSc", level: level.name }] });
  const mine: Record<string, number> = {};
  for (const spec of SPECS) {
    const student = await createStudent();
    const application = await createApplication({
      userId: student.id,
      programId: programs[0].id,
      status: toDbStatus(spec.status),
      submittedAt: daysAgo(spec.submitted),
      decideBy: addDays(today, spec.decideBy ?? 10),
      replyBy: spec.replyBy === undefined ? undefined : addDays(today, spec.replyBy),
    });
    mine[spec.key] = application.id;
    if (spec.request)
      await prisma.documentRequest.create({
        data: {
          applicationId: application.id,
          message: "Send your transcript.",
          status: spec.request,
          requestedByName: staff.fullName,
        },
      });
  }
  await prisma.application.update({ where: { id: mine.newOld }, data: { assigneeId: staff.id } });
  const variants: Partial<WorkspaceFilters>[] = [
    {},
    ...QUEUE_TABS.map((tab) => ({ tab })),
    { status: "approved" },
    { status: "pending", tab: "needs-review" },
    { requests: "open" },
    { requests: "answered" },
    { overdue: true },
    { assignee: "nobody" },
    { assignee: "nobody", tab: "offers" },
    // A search ranks every match, and its counts are read in one pass.
    { q: programs[0].name.toUpperCase() },
    { q: programs[0].name, tab: "needs-review" },
  ];
  for (const variant of variants) {
    const filters = { ...base(), level: level.name, ...variant };
    const all = await queueIds(filters, staff, now);
    expect(all.every((id) => Object.values(mine).includes(id))).toBe(true);
    for (const limit of [1, 2, 3, 5])
      for (let offset = 0; offset <= all.length + 1; offset++) {
        const page = await queuePage(filters, staff, { limit, offset }, now);
        expect([variant, limit, offset, page.ids]).toEqual([
          variant,
          limit,
          offset,
          all.slice(offset, offset + limit),
        ]);
        expect(page.total).toBe(all.length);
      }
  }
  expect(
    (await queueIds({ ...base(), level: level.name }, staff, now)).map(
      (id) => SPECS.find((spec) => mine[spec.key] === id)!.key,
    ),
  ).toEqual(EXPECTED_ORDER);
});

test("every filter narrows the list as it says", async () => {
  await prisma.application.update({ where: { id: ids.conditions }, data: { assigneeId: staff.id } });
  await prisma.application.update({ where: { id: ids.university }, data: { assigneeId: colleague.id } });
  try {
    expect((await keysOf({ status: "approved" })).sort()).toEqual(["replyFar", "replyNear"]);
    expect(await keysOf({ requests: "answered" })).toEqual(["answered"]);
    expect(await keysOf({ requests: "open" })).toEqual(["openRequest"]);
    expect(await keysOf({ program: secondProgramId })).toEqual(await keysOf({}, [secondUniversityId]));
    expect(
      (await queueIds({ ...base(), country: "ca", university: secondUniversityId }, staff, now)).length,
    ).toBe(5);
    expect(
      (await queueIds({ ...base(), country: "NZ", university: secondUniversityId }, staff, now)).length,
    ).toBe(0);
    expect((await keysOf({ level: "PhD" })).length).toBe(5);
    expect((await keysOf({ level: "Master's" })).length).toBe(8);
    expect(await keysOf({ assignee: "me" })).toEqual(["conditions"]);
    expect(await keysOf({ assignee: String(colleague.id) })).toEqual(["university"]);
    expect((await keysOf({ assignee: "nobody" })).length).toBe(SPECS.length - 2);
    expect(await keysOf({ overdue: true })).toEqual(["overdueOld", "inactive", "overdueNew"]);
    // Submitted from/to are whole UTC days, both included.
    const from = dayIn(daysAgo(3), "UTC");
    const to = dayIn(daysAgo(1), "UTC");
    expect((await keysOf({ from, to })).sort()).toEqual(["closedNew", "newOld", "newRecent"]);
    expect((await keysOf({ from: to, to })).sort()).toEqual(["newRecent"]);
    // The search: a program's name, any case.
    const program = await prisma.program.findUniqueOrThrow({ where: { id: secondProgramId } });
    expect((await keysOf({ q: program.name.toUpperCase() })).length).toBe(5);
    // Newest first instead of the queue's order.
    const newest = await keysOf({ order: "newest" }, [universityId]);
    expect(newest).toEqual([
      "newRecent",
      "closedOld",
      "answered",
      "replyFar",
      "conditions",
      "overdueNew",
      "inactive",
      "overdueOld",
    ]);
  } finally {
    await prisma.application.updateMany({
      where: { id: { in: [ids.conditions, ids.university] } },
      data: { assigneeId: null },
    });
  }
});

test("GET /api/applications answers staff with the queue, filtered, and refuses a bad filter", async () => {
  const agent = await signIn(staff.username);
  const url = `/api/applications?university=${universityId}&tab=needs-review&limit=3`;
  const response = await agent.call(list, url);
  expect(response.status).toBe(200);
  const items = await response.json();
  expect(response.headers.get("X-Total-Count")).toBe("6");
  expect(items.map((item: { id: number }) => byId.get(item.id))).toEqual([
    "overdueOld",
    "inactive",
    "overdueNew",
  ]);
  expect(items[0].assignee).toBeNull();
  for (const bad of [
    "tab=later",
    "assignee=someone",
    "from=2026-02-30",
    "university=0",
    "overdue=yes",
    "order=oldest",
  ]) {
    const refused = await agent.call(list, `/api/applications?${bad}`);
    expect([bad, refused.status]).toEqual([bad, 400]);
  }
});

test("staff claim, assign and unassign; each change is an event and an audit entry", async () => {
  const agent = await signIn(staff.username);
  const id = ids.newRecent;
  const put = (assigneeId: number | null) =>
    agent.call(putAssignee, `/api/applications/${id}/assignee`, {
      method: "PUT",
      json: { assigneeId },
      params: { id: String(id) },
    });

  const claimed = await put(staff.id);
  expect(claimed.status).toBe(200);
  expect(await claimed.json()).toEqual({
    id,
    assignee: { id: staff.id, fullName: staff.fullName },
    changed: true,
  });
  // Claiming again changes nothing and writes nothing.
  expect((await (await put(staff.id)).json()).changed).toBe(false);
  expect((await (await put(colleague.id)).json()).assignee).toEqual({
    id: colleague.id,
    fullName: colleague.fullName,
  });
  expect((await (await put(null)).json()).assignee).toBeNull();

  const events = await prisma.applicationEvent.findMany({
    where: { applicationId: id, transition: "assign" },
    orderBy: { id: "asc" },
  });
  expect(
    events.map((e) => (e.data as { assignee: { fullName: string } | null }).assignee?.fullName ?? null),
  ).toEqual([staff.fullName, colleague.fullName, null]);
  expect(
    await prisma.auditEvent.count({ where: { action: "application.assign", entityId: String(id) } }),
  ).toBe(3);

  // The team reads who handled it; the student reads none of it.
  const staffView = await (
    await agent.call(detail, `/api/applications/${id}`, { params: { id: String(id) } })
  ).json();
  expect(staffView.history.filter((e: { transition: string }) => e.transition === "assign")).toHaveLength(3);
  expect(staffView).toHaveProperty("assignee", null);
  const application = await prisma.application.findUniqueOrThrow({ where: { id }, select: { userId: true } });
  const owner = await prisma.user.findUniqueOrThrow({ where: { id: application.userId } });
  const studentAgent = await signIn(owner.username);
  const studentView = await (
    await studentAgent.call(detail, `/api/applications/${id}`, { params: { id: String(id) } })
  ).json();
  expect(studentView.history.some((e: { transition: string }) => e.transition === "assign")).toBe(false);
  expect(studentView).not.toHaveProperty("assignee");
  const studentList = await (await studentAgent.call(list, "/api/applications")).json();
  expect(studentList[0]).not.toHaveProperty("assignee");
});

test("assignment refuses a student, an inactive admin, the applicant, and the admin's own application", async () => {
  const agent = await signIn(staff.username);
  const id = ids.newOld;
  const put = (assigneeId: number | null, on = id) =>
    agent.call(putAssignee, `/api/applications/${on}/assignee`, {
      method: "PUT",
      json: { assigneeId },
      params: { id: String(on) },
    });
  const student = await createStudent();
  const inactive = await createUser({ role: "team", isActive: false });
  for (const assigneeId of [student.id, inactive.id, 999_999_999]) {
    const refused = await put(assigneeId);
    expect(refused.status).toBe(422);
    expect((await refused.json()).error).toBe(ASSIGNEE_NOT_STAFF);
  }
  expect((await put(7, 999_999_999)).status).toBe(404);
  expect(
    (
      await agent.call(putAssignee, `/api/applications/${id}/assignee`, {
        method: "PUT",
        json: { assigneeId: "me" },
        params: { id: String(id) },
      })
    ).status,
  ).toBe(400);

  // Staff who applied: nobody else may give it to them, and they may not touch it.
  const applicant = await createSuperAdmin();
  const own = await createApplication({ userId: applicant.id, programId: secondProgramId });
  const toApplicant = await put(applicant.id, own.id);
  expect(toApplicant.status).toBe(422);
  expect((await toApplicant.json()).error).toBe(ASSIGNEE_IS_STUDENT);
  const self = await signIn(applicant.username);
  const refused = await self.call(putAssignee, `/api/applications/${own.id}/assignee`, {
    method: "PUT",
    json: { assigneeId: applicant.id },
    params: { id: String(own.id) },
  });
  expect(refused.status).toBe(403);
  expect((await refused.json()).error).toBe(OWN_APPLICATION_REVIEW);
  expect(
    await prisma.application.findUniqueOrThrow({ where: { id: own.id }, select: { assigneeId: true } }),
  ).toEqual({ assigneeId: null });
});

test("the CSV export holds the rows the list counts, for the same filters, formula-safe", async () => {
  const agent = await signIn(staff.username);
  // A student whose name a spreadsheet would run as a formula.
  const hostile = await createStudent({ fullName: '=HYPERLINK("http://evil.example")' });
  const added = await createApplication({ userId: hostile.id, programId: secondProgramId });
  try {
    for (const query of [
      `university=${universityId}`,
      `university=${secondUniversityId}&tab=needs-review`,
      `university=${universityId}&overdue=true&order=newest`,
      `university=${secondUniversityId}&status=pending`,
      `country=CA&university=${secondUniversityId}`,
    ]) {
      const listed = await agent.call(list, `/api/applications?${query}&limit=100`);
      const response = await agent.call(exportCsv, `/api/applications/export.csv?${query}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
      const records = parse(await response.text()) as string[][];
      expect(records[0]).toEqual([...APPLICATION_EXPORT_COLUMNS]);
      expect([query, records.length - 1]).toEqual([query, Number(listed.headers.get("X-Total-Count"))]);
      // In the list's order.
      expect(records.slice(1).map((r) => Number(r[0]))).toEqual(
        ((await listed.json()) as { id: number }[]).map((item) => item.id),
      );
    }
    const rows = parse(
      await (
        await agent.call(
          exportCsv,
          `/api/applications/export.csv?university=${secondUniversityId}&status=pending`,
        )
      ).text(),
    ) as string[][];
    const row = rows.find((r) => Number(r[0]) === added.id)!;
    expect(row[1]).toBe(`'=HYPERLINK("http://evil.example")`);
    expect(row[8]).toBe("Pending");
    expect((await agent.call(exportCsv, "/api/applications/export.csv?tab=soon")).status).toBe(400);
  } finally {
    await prisma.application.delete({ where: { id: added.id } });
  }
});
