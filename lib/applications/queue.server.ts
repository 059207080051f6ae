import "server-only";
import { prisma } from "@/lib/db/client.server";
import { Prisma } from "@/lib/generated/prisma/client";
import { containsText, nameContains } from "@/lib/db/text-match";
import { todayIn } from "@/lib/dates/sql.server";
import { addDays, dateOf, dayIn } from "@/lib/dates/days";
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

/**
 * One of the application's requests is in this state. An IN over the requests in that state (few
 * beside the applications) is read once and hashed, where an EXISTS would probe the index per row.
 */
const hasRequest = (state: "open" | "answered") =>
  Prisma.sql`a."id" IN (SELECT r."applicationId" FROM "document_requests" r
    WHERE r."status" = ${state}::"DocumentRequestStatus")`;

/** UTC-12 and UTC+14: no zone's today is earlier than the first's or later than the second's. */
const EARLIEST_ZONE = "Etc/GMT+12";
const LATEST_ZONE = "Etc/GMT-14";

/**
 * SQL: the day in `column` (a."decideBy") is before `days` days after the day it is now in the
 * application's program's zone (days 0: the day has passed). Days before that in every zone hold
 * at once, days not before it in any zone fail at once; only the day or two between read the
 * program's zone (a subquery per such row, rather than a join of every application with its
 * program).
 */
function beforeToday(column: Prisma.Sql, now: Date, days = 0): Prisma.Sql {
  const earliest = addDays(dayIn(now, EARLIEST_ZONE), days);
  const latest = addDays(dayIn(now, LATEST_ZONE), days);
  const programToday = todayIn(Prisma.sql`z."timeZone"`, now);
  return Prisma.sql`(${column} < ${earliest}::date OR (${column} < ${latest}::date
    AND ${column} < (SELECT ${programToday} + ${days}::int FROM "programs" z WHERE z."id" = a."programId")))`;
}

/** SQL: the application `a` is past its decide-by date with no decision, or already inactive. */
function overdueOf(now: Date): Prisma.Sql {
  return Prisma.sql`(a."status" = 'inactive'::"ApplicationStatus"
    OR (a."status" = ANY(${statuses(UNDECIDED_STATUSES)}) AND ${beforeToday(Prisma.sql`a."decideBy"`, now)}))`;
}

/** SQL: the application `a` has an offer whose reply-by date is within REPLY_NEAR_DAYS of today. */
function replyNearOf(now: Date): Prisma.Sql {
  return Prisma.sql`(a."status" = 'approved'::"ApplicationStatus"
    AND ${beforeToday(Prisma.sql`a."replyBy"`, now, REPLY_NEAR_DAYS + 1)})`;
}

/** What the rules read of an application, as SQL: its status and four yes-or-no facts. */
interface FactsSql {
  status: Prisma.Sql;
  answered: Prisma.Sql;
  openRequest: Prisma.Sql;
  overdue: Prisma.Sql;
  replyNear: Prisma.Sql;
}

/** The facts as columns of the derived table `f` (factsOf). */
const FACT_COLUMNS: FactsSql = {
  status: Prisma.sql`f."status"`,
  answered: Prisma.sql`f."answered"`,
  openRequest: Prisma.sql`f."openRequest"`,
  overdue: Prisma.sql`f."overdue"`,
  replyNear: Prisma.sql`f."replyNear"`,
};

/** The facts as expressions on the application `a`, each worked out only when a rule asks. */
function factsOnRow(now: Date): FactsSql {
  return {
    status: Prisma.sql`a."status"`,
    answered: hasRequest("answered"),
    openRequest: hasRequest("open"),
    overdue: overdueOf(now),
    replyNear: replyNearOf(now),
  };
}

/**
 * SQL: the facts the rules read, one row per matching application: its status and dates, whether
 * one of its requests is answered or open (from the requests grouped per application and hashed,
 * one probe a row), whether it is overdue and whether its offer's reply-by date is near (each
 * worked out once a row). OFFSET 0 keeps them columns of their own, which the tabs' counts read
 * many times over.
 */
function factsOf(filters: WorkspaceFilters, viewer: QueueViewer, now: Date): Prisma.Sql {
  return Prisma.sql`SELECT a."id", a."status", a."submittedAt", a."decideBy", a."replyBy",
      COALESCE(rq."answered", false) AS "answered", COALESCE(rq."open", false) AS "openRequest",
      ${overdueOf(now)} AS "overdue", COALESCE(${replyNearOf(now)}, false) AS "replyNear"
    ${fromOf(filters)}
    LEFT JOIN (SELECT r."applicationId",
        bool_or(r."status" = 'answered'::"DocumentRequestStatus") AS "answered",
        bool_or(r."status" = 'open'::"DocumentRequestStatus") AS "open"
      FROM "document_requests" r WHERE r."status" <> 'closed'::"DocumentRequestStatus" GROUP BY r."applicationId"
    ) rq ON rq."applicationId" = a."id"
    ${whereOf(filters, viewer, now)}
    OFFSET 0`;
}

/** The queue's rules (lib/applications/queue.ts) in SQL on facts `x`: each tab's condition and the urgency's rank. */
function rules(x: FactsSql) {
  const open = Prisma.sql`${x.status} = ANY(${statuses(OPEN_STATUSES)})`;
  const conditions = Prisma.sql`${x.status} = 'conditions-pending'::"ApplicationStatus"`;
  const rank: Record<Urgency, Prisma.Sql> = {
    closed: Prisma.sql`NOT ${open}`,
    overdue: x.overdue,
    answered: x.answered,
    conditions,
    "reply-near": x.replyNear,
    new: Prisma.sql`${x.status} = 'pending'::"ApplicationStatus"`,
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
    "needs-review": Prisma.sql`(${open} AND (${x.answered} OR ${x.overdue} OR ${conditions}
      OR (${x.status} = ANY(${statuses(["pending", "in-review"])}) AND NOT ${x.openRequest})))`,
    student: Prisma.sql`(${open} AND NOT ${x.answered} AND NOT ${x.overdue}
      AND NOT ${conditions} AND ${x.openRequest})`,
    offers: Prisma.sql`(${x.status} = ANY(${statuses(["approved", "place-confirmed", "deferred"])})
      AND NOT ${x.answered} AND NOT ${x.openRequest})`,
    university: Prisma.sql`(${x.status} = ANY(${statuses(["sent-to-university", "interviewing"])})
      AND NOT ${x.answered} AND NOT ${x.overdue} AND NOT ${x.openRequest})`,
  };
  return { urgencyRank, tab };
}

/** Who is asking: "me" is them. */
export interface QueueViewer {
  id: number;
}

/**
 * The workspace's filters on the application `a`, minus its order and its tab (which reads the
 * facts: tabWhere).
 */
function whereOf(filters: WorkspaceFilters, viewer: QueueViewer, now: Date): Prisma.Sql {
  const conditions: Prisma.Sql[] = [];
  if (filters.status !== "all")
    conditions.push(Prisma.sql`a."status" = ${filters.status}::"ApplicationStatus"`);
  if (filters.requests !== "all") conditions.push(hasRequest(filters.requests));
  // The student's name or the program's: each through its own trigram index, read once and
  // hashed, rather than joining every application with both.
  if (filters.q)
    conditions.push(
      Prisma.sql`(a."userId" IN (SELECT s."id" FROM "users" s WHERE ${containsText('s."fullName"', filters.q)})
        OR a."programId" IN (SELECT pq."id" FROM "programs" pq WHERE ${nameContains("pq", filters.q)}))`,
    );
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
  if (filters.overdue) conditions.push(overdueOf(now));
  return conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, " AND ")}` : Prisma.empty;
}

/**
 * The tables the filters read: the applications, with their program and university
 * only when a filter needs them (joining 100,000 applications with their programs for nothing
 * is most of the time of an unfiltered queue).
 */
function fromOf(filters: WorkspaceFilters): Prisma.Sql {
  const country = Boolean(filters.country && filters.country !== "all");
  const program = Boolean(filters.university || (filters.level && filters.level !== "all") || country);
  return Prisma.sql`FROM "applications" a
    ${program ? Prisma.sql`JOIN "programs" p ON p."id" = a."programId"` : Prisma.empty}
    ${country ? Prisma.sql`JOIN "universities" u ON u."id" = p."universityId"` : Prisma.empty}
`;
}

/**
 * SELECT of the matching ids in the list's order. The queue's order: the urgency (URGENCIES'
 * order); then overdue, the oldest decide-by date first; a near reply, the nearest reply-by date
 * first; closed, the newest first; the rest, the oldest submission first (first come, first served).
 * Every application (no tab) is ranked on its own row, where the rank's CASE works out only the
 * facts it reaches; a tab's reads the facts first (factsOf) and keeps its own. OFFSET 0 keeps the
 * rank a column of its own, computed once a row, which the sort reads thrice.
 */
function orderedIds(filters: WorkspaceFilters, viewer: QueueViewer, now: Date): Prisma.Sql {
  const [source, alias, facts]: [Prisma.Sql, string, FactsSql] =
    filters.tab === "all"
      ? [Prisma.sql`${fromOf(filters)} ${whereOf(filters, viewer, now)}`, "a", factsOnRow(now)]
      : [
          Prisma.sql`FROM (${factsOf(filters, viewer, now)}) f WHERE ${rules(FACT_COLUMNS).tab[filters.tab]}`,
          "f",
          FACT_COLUMNS,
        ];
  const column = (name: string) => Prisma.raw(`${alias}."${name}"`);
  if (filters.order === "newest")
    return Prisma.sql`SELECT ${column("id")} ${source} ORDER BY ${column("submittedAt")} DESC, ${column("id")} DESC`;
  return Prisma.sql`SELECT q."id" FROM (
      SELECT ${column("id")}, ${column("submittedAt")}, ${column("decideBy")}, ${column("replyBy")},
        ${rules(facts).urgencyRank} AS "rank"
        ${source}
      OFFSET 0
    ) q
    ORDER BY q."rank",
      CASE q."rank" WHEN ${URGENCIES.indexOf("overdue")} THEN q."decideBy"
        WHEN ${URGENCIES.indexOf("reply-near")} THEN q."replyBy" END ASC NULLS LAST,
      CASE WHEN q."rank" = ${URGENCIES.indexOf("closed")} THEN NULL ELSE q."submittedAt" END ASC,
      q."submittedAt" DESC, q."id"`;
}

/**
 * A read of the queue with PostgreSQL's JIT compilation off: the planner's cost for a rank over
 * every application is high enough to start it, and compiling takes far longer (a second and
 * more) than the query itself (tens of milliseconds). SET LOCAL ends with the read's transaction.
 */
async function read<T>(query: Prisma.Sql): Promise<T> {
  const [, rows] = await prisma.$transaction([
    prisma.$executeRaw`SET LOCAL jit = off`,
    prisma.$queryRaw<T>(query),
  ]);
  return rows;
}

export interface QueuePage {
  ids: number[];
  /** How many match the filters (the current tab's count). */
  total: number;
  /** How many each tab holds under the other filters. */
  counts: Record<QueueTab | "all", number>;
}

/**
 * One page of the queue's ids in its order, with the tabs' counts: two reads, the page and the
 * counts (the list's count is its tab's).
 */
export async function queuePage(
  filters: WorkspaceFilters,
  viewer: QueueViewer,
  window: { limit: number; offset: number },
  now = new Date(),
): Promise<QueuePage> {
  const [rows, counts] = await Promise.all([
    read<{ id: number }[]>(Prisma.sql`${orderedIds(filters, viewer, now)}
      LIMIT ${window.limit} OFFSET ${window.offset}`),
    queueTabCounts(filters, viewer, now),
  ]);
  return { ids: rows.map((row) => row.id), total: counts[filters.tab], counts };
}

/** How many applications each tab holds under the other filters (the tabs' counts). */
export async function queueTabCounts(
  filters: WorkspaceFilters,
  viewer: QueueViewer,
  now = new Date(),
): Promise<Record<QueueTab | "all", number>> {
  const { tab } = rules(FACT_COLUMNS);
  const rows = await read<Record<string, number>[]>(Prisma.sql`SELECT count(*)::int AS "all",
    ${Prisma.join(
      QUEUE_TABS.map(
        (name) => Prisma.sql`(count(*) FILTER (WHERE ${tab[name]}))::int AS ${Prisma.raw(`"${name}"`)}`,
      ),
      ", ",
    )}
    FROM (${factsOf(filters, viewer, now)}) f`);
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
  const rows = await read<{ id: number }[]>(orderedIds(filters, viewer, now));
  return rows.map((row) => row.id);
}
