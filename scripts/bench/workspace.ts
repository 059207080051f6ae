// `npm run bench -- --applications N`: the admissions team's workspace at season scale. Seeds N
// synthetic applications (a spread of statuses, decide-by and reply-by dates, requests and
// assignees) into a bench database of its own, then times the workspace's database calls as its
// page makes them (the page of the queue, its count and the tabs' counts) for the queue and each
// filter, and one bulk assignment of 500 applications (every event and audit entry written).
import { performance } from "node:perf_hooks";
import { Client } from "pg";
import { REQUEST_STATUSES_OF_APPLICATION } from "@/lib/applications/requests";
import { percentile } from "./summary";

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const STUDENTS_PER_BATCH = 5;

/**
 * Adds synthetic applications until there are `n`: students of their own (five applications each,
 * to five programs, so the one-open-application rule holds), statuses spread over the workflow,
 * one in twenty open ones with a request (half answered; a closed application's requests are
 * closed with it), one in three assigned to one of the staff.
 */
export async function seedApplications(url: string, n: number): Promise<number> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM "applications"`,
    );
    const missing = n - rows[0].count;
    if (missing > 0) {
      await client.query("BEGIN");
      const students = Math.ceil(missing / STUDENTS_PER_BATCH);
      await client.query(
        `INSERT INTO "users" ("username", "fullName", "email", "role")
         SELECT 'bench_student_' || g, 'Bench Student ' || g, 'bench.student.' || g || '@example.test', 'user'
           FROM generate_series(1, $1::int) g
         ON CONFLICT DO NOTHING`,
        [students],
      );
      await client.query(
        `WITH students AS (
           SELECT "id", row_number() OVER (ORDER BY "id") AS k FROM "users" WHERE "username" LIKE 'bench_student_%'
         ), programs AS (
           SELECT array_agg("id" ORDER BY "id") AS ids FROM "programs"
         ), staff AS (
           SELECT array_agg("id" ORDER BY "id") AS ids FROM "users" WHERE "role" = 'admin'
         ), statuses AS (
           SELECT ARRAY['pending','in-review','sent-to-university','interviewing','approved','conditions-pending',
                        'place-confirmed','rejected','withdrawn','inactive','pending','in-review']::"ApplicationStatus"[] AS s
         )
         INSERT INTO "applications" ("userId", "programId", "status", "personalStatement", "academicHistory",
                                     "submittedAt", "decideBy", "replyBy", "assigneeId")
         SELECT st."id",
                (programs.ids)[1 + ((st.k * 7919 + j * 104729) % cardinality(programs.ids))],
                (statuses.s)[1 + ((st.k + j) % cardinality(statuses.s))],
                'A synthetic statement.', '{"institution":"School","degree":"Diploma","gpa":"3.5","graduationYear":2024}',
                now() - ((st.k * 13 + j) % 200) * interval '1 day',
                (now() - ((st.k * 13 + j) % 200) * interval '1 day' + interval '28 days')::date,
                CASE WHEN (statuses.s)[1 + ((st.k + j) % cardinality(statuses.s))] = 'approved'
                     THEN (now() + ((st.k + j) % 20) * interval '1 day')::date END,
                CASE WHEN (st.k + j) % 3 = 0 THEN (staff.ids)[1 + ((st.k + j) % cardinality(staff.ids))] END
           FROM students st CROSS JOIN generate_series(1, ${STUDENTS_PER_BATCH}) j
                CROSS JOIN programs CROSS JOIN staff CROSS JOIN statuses
          LIMIT $1::int`,
        [missing],
      );
      await client.query(
        `INSERT INTO "document_requests" ("applicationId", "message", "status", "requestedByName")
         SELECT a."id", 'Send your transcript.',
                (CASE WHEN a."id" % 40 = 0 THEN 'answered' ELSE 'open' END)::"DocumentRequestStatus", 'Bench'
           FROM "applications" a WHERE a."id" % 20 = 0 AND a."status"::text = ANY($1::text[])`,
        [REQUEST_STATUSES_OF_APPLICATION],
      );
      await client.query("COMMIT");
      await client.query(`VACUUM (ANALYZE) "applications", "document_requests", "users"`);
    }
    const counted = await client.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM "applications"`,
    );
    return counted.rows[0].count;
  } finally {
    await client.end();
  }
}

export interface WorkspaceTiming {
  name: string;
  p50: number;
  p95: number;
  found: string;
}

/** Times the workspace's page calls for the queue and each filter, then a bulk of 500. */
export async function runWorkspaceBench(): Promise<{ queries: WorkspaceTiming[]; bulk500Ms: number }> {
  const { queuePage } = await import("@/lib/applications/queue.server");
  const { listApplicationsByIds } = await import("@/lib/applications/queries.server");
  const { runBulkAction } = await import("@/lib/applications/bulk.server");
  const { workspaceListQuery } = await import("@/lib/validation/application");
  const { prisma } = await import("@/lib/db/client.server");
  // A super admin: every permission without a grant, so the stored list is empty.
  const staff = {
    ...(await prisma.user.findFirstOrThrow({
      where: { role: "admin", adminType: "super" },
      select: { id: true, role: true, adminType: true, fullName: true },
    })),
    permissions: [],
  };
  const someUniversity = await prisma.application.findFirstOrThrow({
    orderBy: { id: "asc" },
    select: {
      programId: true,
      program: {
        select: { universityId: true, university: { select: { country: { select: { code: true } } } } },
      },
    },
  });
  const scenarios: [string, Record<string, string>][] = [
    ["the queue (all, most urgent first)", {}],
    ["tab needs review", { tab: "needs-review" }],
    ["tab waiting for the student", { tab: "student" }],
    ["tab offers", { tab: "offers" }],
    ["tab closed", { tab: "closed" }],
    ["my queue (assignee me)", { assignee: "me" }],
    ["assignee nobody", { assignee: "nobody" }],
    ["status in-review", { status: "in-review" }],
    ["requests answered", { requests: "answered" }],
    ["overdue", { overdue: "true" }],
    ["university", { university: String(someUniversity.program.universityId) }],
    ["program", { program: String(someUniversity.programId) }],
    ["country", { country: someUniversity.program.university.country.code }],
    ["level Master's", { level: "Master's" }],
    [
      "submitted in the last 30 days",
      { from: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10) },
    ],
    ["search 'bench student 12'", { q: "Bench Student 12" }],
    ["newest first, page 100", { order: "newest" }],
  ];
  const queries: WorkspaceTiming[] = [];
  console.log(`Workspace database calls (page + count + tab counts), ${RUNS} runs each:\n`);
  for (const [name, params] of scenarios) {
    const filters = workspaceListQuery.filterSchema.parse(params);
    const window = { limit: 50, offset: name.includes("page 100") ? 99 * 50 : 0 };
    const run = async () => {
      const page = await queuePage(filters, staff, window);
      await listApplicationsByIds(page.ids);
      return `${page.total} matches, ${page.counts["needs-review"]} need review`;
    };
    await run();
    const times: number[] = [];
    let found = "";
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      found = await run();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const timing = { name, p50: percentile(times, 50), p95: percentile(times, 95), found };
    queries.push(timing);
    console.log(
      `${name.padEnd(44)} p50 ${timing.p50.toFixed(1).padStart(6)} ms  p95 ${timing.p95.toFixed(1).padStart(6)} ms  (${found})`,
    );
  }

  // A bulk assignment of 500 unassigned applications to the staff member: each row its own
  // transaction, its event and its audit entry.
  const ids = (
    await prisma.application.findMany({
      where: { assigneeId: null, userId: { not: staff.id } },
      orderBy: { id: "asc" },
      take: 500,
      select: { id: true },
    })
  ).map((row) => row.id);
  const eventsBefore = await prisma.applicationEvent.count({ where: { transition: "assign" } });
  const auditsBefore = await prisma.auditEvent.count({ where: { action: "application.assign" } });
  const start = performance.now();
  const result = await runBulkAction(staff, { operation: { type: "assign", assigneeId: staff.id }, ids });
  const bulk500Ms = performance.now() - start;
  const events = (await prisma.applicationEvent.count({ where: { transition: "assign" } })) - eventsBefore;
  const audits = (await prisma.auditEvent.count({ where: { action: "application.assign" } })) - auditsBefore;
  console.log(
    `\nBulk assignment of ${ids.length}: ${(bulk500Ms / 1000).toFixed(2)} s (${result.changed.length} changed, ${result.refused.length} refused; ${events} events, ${audits} audit entries written)`,
  );
  if (events !== result.changed.length || audits !== result.changed.length)
    throw new Error("The bulk assignment did not write an event and an audit entry for every change");
  return { queries, bulk500Ms };
}

/** The workspace's pages the render measurement asks for, as a super admin. */
export const WORKSPACE_PAGES: [string, string][] = [
  ["the queue", "/admin/applications"],
  ["tab closed", "/admin/applications?tab=closed"],
  ["my queue", "/admin/applications?assignee=me"],
  ["level Master's", "/admin/applications?level=Master%27s"],
];

export interface PageTiming {
  name: string;
  path: string;
  /** Median milliseconds, one request at a time. */
  ms: number;
  /** The server's mean CPU milliseconds per request, or null without /proc. */
  cpuMs: number | null;
}

/**
 * Each page of `pages` (and two references: /robots.txt, which does no work, and the sign-in page,
 * a rendering without data) asked for one at a time by the signed-in `cookie`, `samples` times in
 * turn: median milliseconds and CPU per request. The same function times another build's server
 * (`url`) against the same database, so that two builds compare as a ratio.
 */
export async function measurePages(
  url: string,
  pid: number | null,
  cookie: string,
  pages: [string, string][] = WORKSPACE_PAGES,
  samples = 20,
): Promise<PageTiming[]> {
  const { timed, median, meanCpuMs } = await import("./render");
  const all: [string, string][] = [...pages, ["/robots.txt", "/robots.txt"], ["sign-in page", "/auth"]];
  const headers = { Cookie: cookie };
  // The routes' first renderings load their code: not what is measured.
  for (const [, path] of all) for (let i = 0; i < 3; i++) await timed(`${url}${path}`, null, headers);
  const timings = all.map(() => [] as Awaited<ReturnType<typeof timed>>[]);
  for (let i = 0; i < samples; i++) {
    for (const [index, [, path]] of all.entries())
      timings[index].push(await timed(`${url}${path}`, pid, headers));
  }
  return all.map(([name, path], index) => ({
    name,
    path,
    ms: median(timings[index].map((timing) => timing.ms)),
    cpuMs: meanCpuMs(timings[index]),
  }));
}
