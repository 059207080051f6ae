import "server-only";
import { prisma } from "@/lib/db/client.server";
import { Prisma } from "@/lib/generated/prisma/client";
import { containsText } from "@/lib/db/text-match";
import { todayIn } from "@/lib/dates/sql.server";
import { dateOf } from "@/lib/dates/days";
import type { WorkspaceFilters } from "@/lib/validation/application";
import { QUEUE_TABS, REPLY_NEAR_DAYS, URGENCIES, type QueueTab, type Urgency } from "./queue";
import type { ApplicationStatus } from "./status";
import { OPEN_STATUSES, UNDECIDED_STATUSES } from "./workflow";

// The team's queue in SQL: the rules of lib/applications/queue.ts (tabs and urgency) as
// expressions on an application `a` and its program `p`, the workspace's filters, and the reads
// that use them: a page of ids in the queue's order, the count, the count of each tab, and every
// matching id in order (the CSV export and "select all matching"). The list page, the API and the
// export all build their WHERE here, so they count the same rows.

// The database stores the contract's names ("in-review"), which raw SQL compares with.
const statuses = (list: readonly ApplicationStatus[]) =>
  Prisma.sql`ARRAY[${Prisma.join([...list])}]::"ApplicationStatus"[]`;

/** The request filter's EXISTS: one of the application's requests in this state. */
const hasRequest = (state: "open" | "answered") =>
  Prisma.sql`EXISTS (SELECT 1 FROM "document_requests" r
    WHERE r."applicationId" = a."id" AND r."status" = ${state}::"DocumentRequestStatus")`;

/** The expressions of the queue's rules at `now` (each program's today is its own zone's). */
function rules(now: Date) {
  const today = todayIn(Prisma.sql`p."timeZone"`, now);
  const open = Prisma.sql`a."status" = ANY(${statuses(OPEN_STATUSES)})`;
  const overdue = Prisma.sql`(a."status" = 'inactive'::"ApplicationStatus"
    OR (a."status" = ANY(${statuses(UNDECIDED_STATUSES)}) AND a."decideBy" < ${today}))`;
  const answered = hasRequest("answered");
  const openRequest = hasRequest("open");
  const replyNear = Prisma.sql`(a."status" = 'approved'::"ApplicationStatus"
    AND a."replyBy" <= ${today} + ${REPLY_NEAR_DAYS}::int)`;
  const rank: Record<Urgency, Prisma.Sql> = {
    closed: Prisma.sql`NOT ${open}`,
    overdue,
    answered,
    conditions: Prisma.sql`a."status" = 'conditions-pending'::"ApplicationStatus"`,
    "reply-near": replyNear,
    new: Prisma.sql`a."status" = 'pending'::"ApplicationStatus"`,
    open: Prisma.sql`TRUE`,
  };
  // The order of URGENCIES, but a closed application is closed whatever else holds.
  const urgencyRank = Prisma.sql`CASE
    WHEN ${rank.closed} THEN ${URGENCIES.indexOf("closed")}
    ${Prisma.join(
      URGENCIES.filter((u) => u !== "closed" && u !== "open").map(
        (u) => Prisma.sql`WHEN ${rank[u]} THEN ${URGENCIES.indexOf(u)}`,
      ),
      " ",
    )}
    ELSE ${URGENCIES.indexOf("open")} END`;
  const tab: Record<QueueTab, Prisma.Sql> = {
    closed: Prisma.sql`NOT ${open}`,
    "needs-review": Prisma.sql`(${open} AND (${answered} OR ${overdue}
      OR a."status" = 'conditions-pending'::"ApplicationStatus"
      OR (a."status" = ANY(${statuses(["pending", "in-review"])}) AND NOT ${openRequest})))`,
    student: Prisma.sql`(${open} AND NOT ${answered} AND NOT ${overdue}
      AND a."status" <> 'conditions-pending'::"ApplicationStatus" AND ${openRequest})`,
    offers: Prisma.sql`(a."status" = ANY(${statuses(["approved", "place-confirmed", "deferred"])})
      AND NOT ${answered} AND NOT ${openRequest})`,
    university: Prisma.sql`(a."status" = ANY(${statuses(["sent-to-university", "interviewing"])})
      AND NOT ${answered} AND NOT ${overdue} AND NOT ${openRequest})`,
  };
  return { urgencyRank, tab, overdue, today };
}

/** Who is asking: "me" is them. */
export interface QueueViewer {
  id: number;
}

/** The workspace's filters, minus its order; `tab` too unless `withTab` is false (the tab counts). */
function whereOf(filters: WorkspaceFilters, viewer: QueueViewer, now: Date, withTab = true): Prisma.Sql {
  const r = rules(now);
  const conditions: Prisma.Sql[] = [];
  if (filters.status !== "all")
    conditions.push(Prisma.sql`a."status" = ${filters.status}::"ApplicationStatus"`);
  if (filters.requests !== "all") conditions.push(hasRequest(filters.requests));
  if (filters.q)
    conditions.push(
      Prisma.sql`(${containsText('s."fullName"', filters.q)} OR ${containsText('p."name"', filters.q)})`,
    );
  if (withTab && filters.tab !== "all") conditions.push(r.tab[filters.tab]);
  if (filters.university) conditions.push(Prisma.sql`p."universityId" = ${filters.university}`);
  if (filters.program) conditions.push(Prisma.sql`a."programId" = ${filters.program}`);
  if (filters.country && filters.country !== "all")
    conditions.push(
      Prisma.sql`u."countryId" = (SELECT c."id" FROM "countries" c WHERE c."code" = ${filters.country.toUpperCase()})`,
    );
  if (filters.level && filters.level !== "all") conditions.push(Prisma.sql`p."level" = ${filters.level}`);
  if (filters.assignee === "me") conditions.push(Prisma.sql`a."assigneeId" = ${viewer.id}`);
  else if (filters.assignee === "nobody") conditions.push(Prisma.sql`a."assigneeId" IS NULL`);
  else if (filters.assignee && filters.assignee !== "all")
    conditions.push(Prisma.sql`a."assigneeId" = ${Number(filters.assignee)}`);
  // Submission days are UTC days, as the list shows its dates.
  if (filters.from) conditions.push(Prisma.sql`a."submittedAt" >= ${dateOf(filters.from)}`);
  if (filters.to)
    conditions.push(Prisma.sql`a."submittedAt" < ${new Date(dateOf(filters.to).getTime() + 86_400_000)}`);
  if (filters.overdue) conditions.push(r.overdue);
  return conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, " AND ")}` : Prisma.empty;
}

const FROM = Prisma.sql`FROM "applications" a
  JOIN "programs" p ON p."id" = a."programId"
  JOIN "universities" u ON u."id" = p."universityId"
  JOIN "users" s ON s."id" = a."userId"`;

/**
 * SELECT of the matching ids in the list's order. The queue's order: the urgency (URGENCIES'
 * order); then overdue, the oldest decide-by date first; a near reply, the nearest reply-by date
 * first; closed, the newest first; the rest, the oldest submission first (first come, first served).
 */
function orderedIds(filters: WorkspaceFilters, viewer: QueueViewer, now: Date): Prisma.Sql {
  const where = whereOf(filters, viewer, now);
  if (filters.order === "newest")
    return Prisma.sql`SELECT a."id" ${FROM} ${where} ORDER BY a."submittedAt" DESC, a."id" DESC`;
  const { urgencyRank, today } = rules(now);
  return Prisma.sql`SELECT q."id" FROM (
      SELECT a."id", a."submittedAt", ${urgencyRank} AS "rank",
             CASE ${urgencyRank}
               WHEN ${URGENCIES.indexOf("overdue")} THEN a."decideBy" - ${today}
               WHEN ${URGENCIES.indexOf("reply-near")} THEN a."replyBy" - ${today}
               ELSE 0 END AS "due"
      ${FROM} ${where}
    ) q
    ORDER BY q."rank", q."due",
      CASE WHEN q."rank" = ${URGENCIES.indexOf("closed")} THEN NULL ELSE q."submittedAt" END ASC,
      q."submittedAt" DESC, q."id"`;
}

export interface QueuePage {
  ids: number[];
  total: number;
}

/** One page of the queue's ids in its order, and how many match. */
export async function queuePage(
  filters: WorkspaceFilters,
  viewer: QueueViewer,
  window: { limit: number; offset: number },
  now = new Date(),
): Promise<QueuePage> {
  const [rows, counted] = await Promise.all([
    prisma.$queryRaw<{ id: number }[]>`${orderedIds(filters, viewer, now)}
      LIMIT ${window.limit} OFFSET ${window.offset}`,
    prisma.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n ${FROM} ${whereOf(filters, viewer, now)}`,
  ]);
  return { ids: rows.map((row) => row.id), total: counted[0]?.n ?? 0 };
}

/** How many applications each tab holds under the other filters (the tabs' counts). */
export async function queueTabCounts(
  filters: WorkspaceFilters,
  viewer: QueueViewer,
  now = new Date(),
): Promise<Record<QueueTab | "all", number>> {
  const { tab } = rules(now);
  const where = whereOf(filters, viewer, now, false);
  const rows = await prisma.$queryRaw<Record<string, number>[]>`SELECT count(*)::int AS "all",
    ${Prisma.join(
      QUEUE_TABS.map(
        (name) => Prisma.sql`(count(*) FILTER (WHERE ${tab[name]}))::int AS ${Prisma.raw(`"${name}"`)}`,
      ),
      ", ",
    )}
    ${FROM} ${where}`;
  const row = rows[0] ?? {};
  return Object.fromEntries(["all", ...QUEUE_TABS].map((name) => [name, row[name] ?? 0])) as Record<
    QueueTab | "all",
    number
  >;
}

/**
 * Every matching id in the list's order: the CSV export reads the rows a batch of these ids at a
 * time, and "all matching" bulk actions act on them. Ids are small (100,000 are under 1 MB), so
 * they are read whole; the rows are not.
 */
export async function queueIds(
  filters: WorkspaceFilters,
  viewer: QueueViewer,
  now = new Date(),
): Promise<number[]> {
  const rows = await prisma.$queryRaw<{ id: number }[]>`${orderedIds(filters, viewer, now)}`;
  return rows.map((row) => row.id);
}
