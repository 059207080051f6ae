import "server-only";
import { prisma } from "@/lib/db/client.server";
import { Prisma } from "@/lib/generated/prisma/client";
import { containsText, nameContains } from "@/lib/db/text-match";
import { todayIn } from "@/lib/dates/sql.server";
import { addDays, dateOf, dayIn } from "@/lib/dates/days";
import type { WorkspaceFilters } from "@/lib/validation/application";
import {
  isOverdue,
  QUEUE_TABS,
  queueTabOf,
  REPLY_NEAR_DAYS,
  URGENCIES,
  urgencyOf,
  type QueueTab,
  type Urgency,
} from "./queue";
import { APPLICATION_STATUSES, type ApplicationStatus } from "./status";
import { CLOSED_STATUSES, IN_PROGRESS_STATUSES } from "./queue-indexes";
import { OPEN_STATUSES, UNDECIDED_STATUSES } from "./workflow";

// The team's queue in SQL: the rules of lib/applications/queue.ts (tabs and urgency) as
// expressions on an application `a` and its program `p`, the workspace's filters, and the reads
// that use them: a page of ids in the queue's order, the count, the count of each tab, and every
// matching id in order (the CSV export and "select all matching"). The list page, the API and the
// export all build their WHERE here, so they count the same rows.
//
// At season scale (100,000 applications) no read of a first page works the facts out on every
// application: the counts group the applications by the facts their row keeps, through one index
// (censusOf), and a first page reads the few rows it needs of the buckets of urgency it reaches,
// each through an index in its order (pageOf). Ranking every match (orderedIds) is for deeper
// pages, narrow filters, and the export.

// The database stores the contract's names ("in-review"), which raw SQL compares with.
const statuses = (list: readonly ApplicationStatus[]) =>
  Prisma.sql`ARRAY[${Prisma.join([...list])}]::"ApplicationStatus"[]`;

/**
 * One of the application's requests is in this state: the counts its own row keeps (the trigger
 * "document_requests_count" moves them with every write of a request), rather than a read of the
 * requests beside every application.
 */
const hasRequest = (state: "open" | "answered") =>
  state === "open" ? Prisma.sql`a."openRequests" > 0` : Prisma.sql`a."answeredRequests" > 0`;

/** UTC-12 and UTC+14: no zone's today is earlier than the first's or later than the second's. */
const EARLIEST_ZONE = "Etc/GMT+12";
const LATEST_ZONE = "Etc/GMT-14";

/**
 * SQL: the day in `column` (a."decideBy") is before `days` days after the day it is now in the
 * application's program's zone (days 0: the day has passed). Days not before that in any zone fail
 * at once (a bound an index reads: the days in order up to it), days before it in every zone hold
 * at once; only the day or two between read the program's zone (a subquery per such row, rather
 * than a join of every application with its program).
 */
function beforeToday(column: Prisma.Sql, now: Date, days = 0): Prisma.Sql {
  const earliest = addDays(dayIn(now, EARLIEST_ZONE), days);
  const latest = addDays(dayIn(now, LATEST_ZONE), days);
  const programToday = todayIn(Prisma.sql`z."timeZone"`, now);
  return Prisma.sql`(${column} < ${latest}::date AND (${column} < ${earliest}::date
    OR ${column} < (SELECT ${programToday} + ${days}::int FROM "programs" z WHERE z."id" = a."programId")))`;
}

/** SQL: the application `a`, undecided, is past its decide-by date (overdue, short of inactive). */
function pastDecideByOf(now: Date): Prisma.Sql {
  return Prisma.sql`(a."status" = ANY(${statuses(UNDECIDED_STATUSES)}) AND ${beforeToday(Prisma.sql`a."decideBy"`, now)})`;
}

/** SQL: the application `a` is past its decide-by date with no decision, or already inactive. */
function overdueOf(now: Date): Prisma.Sql {
  return Prisma.sql`(a."status" = 'inactive'::"ApplicationStatus" OR ${pastDecideByOf(now)})`;
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
 * one of its requests is answered or open (its row's counts), whether it is overdue and whether
 * its offer's reply-by date is near (each worked out once a row). OFFSET 0 keeps them columns of
 * their own, which a tab's condition reads several times over.
 */
function factsOf(filters: WorkspaceFilters, viewer: QueueViewer, now: Date): Prisma.Sql {
  return Prisma.sql`SELECT a."id", a."status", a."submittedAt", a."decideBy", a."replyBy",
      ${hasRequest("answered")} AS "answered", ${hasRequest("open")} AS "openRequest",
      ${overdueOf(now)} AS "overdue", COALESCE(${replyNearOf(now)}, false) AS "replyNear"
    ${fromOf(filters)}
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
  return { urgencyRank, tab, rank, open };
}

/** Who is asking: "me" is them. */
export interface QueueViewer {
  id: number;
}

/**
 * The workspace's filters on the application `a`, minus its order and its tab (which reads the
 * facts), and any `more` conditions, as a WHERE clause.
 */
function whereOf(
  filters: WorkspaceFilters,
  viewer: QueueViewer,
  now: Date,
  ...more: Prisma.Sql[]
): Prisma.Sql {
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
  conditions.push(...more);
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
    ORDER BY ${QUEUE_ORDER}`;
}

/** The queue's order on rows `q` with their rank (orderedIds, pageOf). */
const QUEUE_ORDER = Prisma.sql`q."rank",
  CASE q."rank" WHEN ${URGENCIES.indexOf("overdue")} THEN q."decideBy"
    WHEN ${URGENCIES.indexOf("reply-near")} THEN q."replyBy" END ASC NULLS LAST,
  CASE WHEN q."rank" = ${URGENCIES.indexOf("closed")} THEN NULL ELSE q."submittedAt" END ASC,
  q."submittedAt" DESC, q."id"`;

/**
 * A page ending within this many rows of the list's start is read bucket by bucket (pageOf);
 * deeper ones rank every match (orderedIds), which costs the same whatever the page.
 */
const BUCKETED_ROWS = 200;

/**
 * The queue's parts, most urgent first, as the census sizes them: each urgency apart, but a near
 * reply, new and the rest of the open ones together (what makes a reply near, the offer's reply-by
 * date, is not among the facts the census counts by).
 */
const PARTS: readonly (readonly Urgency[])[] = [
  ["overdue"],
  ["answered"],
  ["conditions"],
  ["reply-near", "new", "open"],
  ["closed"],
];

/** A part of the queue in its order: the applications of one urgency, or of part of one. */
interface Bucket {
  urgency: Urgency;
  /** SQL on the application `a`: it is in the bucket (its rank is the urgency's). */
  where: Prisma.Sql;
  /** The order within the bucket, the queue's, which an index gives. */
  order: Prisma.Sql;
}

/**
 * The queue's buckets, most urgent first: each urgency's condition as the rank's CASE decides it
 * (its own fact and none of those before it), written so that an index gives the bucket's order
 * and holds little else (lib/applications/queue-indexes.ts): the undecided past their decide-by
 * date by that date, the inactive by status and date, those with an answered request by
 * submission, conditions and new ones by status and submission, near replies by status and
 * reply-by date, the rest in progress and the closed ones by submission. The later buckets' reads
 * pass over undecided applications past their decide-by date, which the hourly job marks inactive
 * within the hour (lib/applications/jobs.server.ts).
 */
function bucketsOf(now: Date): Bucket[] {
  const x = factsOnRow(now);
  const { rank, open } = rules(x);
  const not = (fact: Prisma.Sql) => Prisma.sql`(${fact}) IS NOT TRUE`;
  const bySubmission = Prisma.sql`a."submittedAt", a."id"`;
  const byDecideBy = Prisma.sql`a."decideBy", a."submittedAt", a."id"`;
  return [
    { urgency: "overdue", where: pastDecideByOf(now), order: byDecideBy },
    {
      urgency: "overdue",
      where: Prisma.sql`a."status" = 'inactive'::"ApplicationStatus"`,
      order: byDecideBy,
    },
    {
      urgency: "answered",
      where: Prisma.sql`${x.answered} AND ${open} AND ${not(x.overdue)}`,
      order: bySubmission,
    },
    {
      urgency: "conditions",
      where: Prisma.sql`${rank.conditions} AND ${not(x.answered)}`,
      order: bySubmission,
    },
    {
      urgency: "reply-near",
      where: Prisma.sql`${rank["reply-near"]} AND ${not(x.answered)}`,
      order: Prisma.sql`a."replyBy", a."submittedAt", a."id"`,
    },
    {
      urgency: "new",
      where: Prisma.sql`${rank.new} AND ${not(x.overdue)} AND ${not(x.answered)}`,
      order: bySubmission,
    },
    {
      urgency: "open",
      where: Prisma.sql`a."status" = ANY(${statuses(IN_PROGRESS_STATUSES)}) AND ${not(x.overdue)}
        AND ${not(x.answered)} AND ${not(rank["reply-near"])}`,
      order: bySubmission,
    },
    {
      urgency: "closed",
      where: Prisma.sql`a."status" = ANY(${statuses(CLOSED_STATUSES)})`,
      order: Prisma.sql`a."submittedAt" DESC, a."id"`,
    },
  ];
}

/**
 * SELECT of one window of the queue (most urgent first), the same rows as orderedIds' with LIMIT
 * and OFFSET, read from the parts of the queue the window reaches (`sizes`, the census's, tell
 * which): the first rows of each of their buckets that can hold an application under the filters
 * (bucketUrgencies), each read in its order through its index and stopping there, then ranked
 * together as orderedIds ranks every match. A queue's first pages thus read a few rows of a bucket
 * or two rather than every application.
 */
function pageOf(
  filters: WorkspaceFilters,
  viewer: QueueViewer,
  window: { limit: number; offset: number },
  sizes: readonly number[],
  now: Date,
): Prisma.Sql {
  const reached = new Set<Urgency>();
  let before = 0;
  let skipped: number | null = null;
  PARTS.forEach((part, index) => {
    const after = before + sizes[index];
    if (after > window.offset && before < window.offset + window.limit) {
      skipped ??= before;
      part.forEach((urgency) => reached.add(urgency));
    }
    before = after;
  });
  const possible = bucketUrgencies(filters);
  const buckets = bucketsOf(now).filter(
    (bucket) => reached.has(bucket.urgency) && possible.has(bucket.urgency),
  );
  if (skipped === null || buckets.length === 0) return Prisma.sql`SELECT NULL::int AS "id" WHERE false`;
  const offset = window.offset - skipped;
  const tab = filters.tab === "all" ? [] : [rules(factsOnRow(now)).tab[filters.tab]];
  const parts = buckets.map(
    (bucket) => Prisma.sql`(SELECT ${URGENCIES.indexOf(bucket.urgency)}::int AS "rank", a."id",
        a."submittedAt", a."decideBy", a."replyBy"
      ${fromOf(filters)} ${whereOf(filters, viewer, now, ...tab, bucket.where)}
      ORDER BY ${bucket.order} LIMIT ${offset + window.limit})`,
  );
  return Prisma.sql`SELECT q."id" FROM (${Prisma.join(parts, " UNION ALL ")}) q
    ORDER BY ${QUEUE_ORDER} LIMIT ${window.limit} OFFSET ${offset}`;
}

/**
 * Whether the page can be read bucket by bucket: in the queue's order, near the list's start, and
 * with no filter that leaves few applications of a bucket (a university, a program, a country, a
 * search, submission days, someone's applications), whose rows a bucket's read would look for far
 * along its index; those rank the few matches instead, which their own indexes find.
 */
function bucketed(filters: WorkspaceFilters, window: { limit: number; offset: number }): boolean {
  const narrow =
    filters.university !== undefined ||
    filters.program !== undefined ||
    (filters.country !== undefined && filters.country !== "all") ||
    Boolean(filters.q) ||
    filters.from !== undefined ||
    filters.to !== undefined ||
    (filters.assignee !== undefined && filters.assignee !== "all" && filters.assignee !== "nobody");
  return filters.order === "urgency" && !narrow && window.offset + window.limit <= BUCKETED_ROWS;
}

/**
 * The urgencies an application matching the filters can have, from the rules of
 * lib/applications/queue.ts: every combination of the facts they read (status, a request answered
 * or open, overdue, an offer's reply near) that the tab, status, requests and overdue filters let
 * through. The buckets of other urgencies are not read (each would be read to its end for nothing).
 */
function bucketUrgencies(filters: WorkspaceFilters): Set<Urgency> {
  const today = "2026-01-10";
  const found = new Set<Urgency>();
  const yesNo = [false, true];
  for (const status of filters.status === "all" ? APPLICATION_STATUSES : [filters.status])
    for (const answered of yesNo)
      for (const open of yesNo)
        for (const overdue of yesNo)
          for (const replyNear of yesNo) {
            const facts = {
              status,
              decideBy: overdue ? "2026-01-01" : "2026-02-01",
              replyBy: replyNear ? "2026-01-12" : "2026-03-01",
              requests: { open: open ? 1 : 0, answered: answered ? 1 : 0 },
              today,
              replyNearLimit: addDays(today, REPLY_NEAR_DAYS),
            };
            if (filters.requests === "open" && !open) continue;
            if (filters.requests === "answered" && !answered) continue;
            if (filters.overdue && !isOverdue(facts)) continue;
            if (filters.tab !== "all" && queueTabOf(facts) !== filters.tab) continue;
            found.add(urgencyOf(facts));
          }
  return found;
}

/**
 * A read of the queue. App connections run without JIT compilation (SESSION_OPTIONS of
 * lib/db/client.server.ts): the planner's cost for a rank over every application is high enough to
 * start it, and compiling takes far longer (a second and more) than the query itself.
 */
async function read<T>(query: Prisma.Sql): Promise<T> {
  return prisma.$queryRaw<T>(query);
}

export interface QueuePage {
  ids: number[];
  /** How many match the filters (the current tab's count). */
  total: number;
  /** How many each tab holds under the other filters. */
  counts: Record<QueueTab | "all", number>;
}

/**
 * One page of the queue's ids in its order, with the tabs' counts (the list's count is its tab's).
 * A first page in the queue's order counts first, then reads the buckets the counts say it reaches
 * (pageOf); any other ranks every match (orderedIds) while the counts are read.
 */
export async function queuePage(
  filters: WorkspaceFilters,
  viewer: QueueViewer,
  window: { limit: number; offset: number },
  now = new Date(),
): Promise<QueuePage> {
  let rows: { id: number }[];
  let counts: Record<QueueTab | "all", number>;
  if (bucketed(filters, window)) {
    const census = await queueCensus(filters, viewer, now);
    counts = census.counts;
    rows = await read(pageOf(filters, viewer, window, census.parts, now));
  } else {
    [rows, counts] = await Promise.all([
      read<{ id: number }[]>(
        Prisma.sql`${orderedIds(filters, viewer, now)} LIMIT ${window.limit} OFFSET ${window.offset}`,
      ),
      queueTabCounts(filters, viewer, now),
    ]);
  }
  return { ids: rows.map((row) => row.id), total: counts[filters.tab], counts };
}

/**
 * How many applications each tab holds under the other filters (the tabs' counts), and how many of
 * the current tab's are in each part of the queue (PARTS, which pageOf reads only as far as a page
 * needs). An application's tab and urgency follow from its status, its requests' counts, whether it
 * is overdue and whether its offer's reply is near (queueTabOf and urgencyOf of
 * lib/applications/queue.ts): the read counts the matching applications of each combination of
 * those facts (censusOf) and the rules sort each combination here.
 */
async function queueCensus(
  filters: WorkspaceFilters,
  viewer: QueueViewer,
  now = new Date(),
): Promise<{ counts: Record<QueueTab | "all", number>; parts: number[] }> {
  // Whether an application is overdue is among the facts counted by: the filter is applied here.
  const rows = await read<CensusRow[]>(censusOf({ ...filters, overdue: false }, viewer, now));
  const counts = Object.fromEntries(["all", ...QUEUE_TABS].map((name) => [name, 0])) as Record<
    QueueTab | "all",
    number
  >;
  const parts = PARTS.map(() => 0);
  const earliest = dayIn(now, EARLIEST_ZONE);
  const todays = new Map<string, string>();
  for (const row of rows) {
    let today = earliest;
    if (row.timeZone) {
      today = todays.get(row.timeZone) ?? dayIn(now, row.timeZone);
      todays.set(row.timeZone, today);
    }
    const facts = {
      status: row.status,
      decideBy: row.decideBy,
      replyBy: null,
      requests: { open: row.open ? 1 : 0, answered: row.answered ? 1 : 0 },
      today,
      replyNearLimit: addDays(today, REPLY_NEAR_DAYS),
    };
    if (filters.overdue && !isOverdue(facts)) continue;
    const tab = queueTabOf(facts);
    counts[tab] += row.count;
    counts.all += row.count;
    const urgency = urgencyOf(facts);
    if (filters.tab === "all" || filters.tab === tab)
      parts[PARTS.findIndex((part) => part.includes(urgency))] += row.count;
  }
  return { counts, parts };
}

/** How many applications each tab holds under the other filters (the tabs' counts). */
export async function queueTabCounts(
  filters: WorkspaceFilters,
  viewer: QueueViewer,
  now = new Date(),
): Promise<Record<QueueTab | "all", number>> {
  return (await queueCensus(filters, viewer, now)).counts;
}

/**
 * One combination of the facts that decide a tab, and how many matching applications have it. The
 * decide-by date stands for its applications' against `today`: their own with their program's
 * zone, else a day before the earliest zone's today (past in every zone) or that today itself (not
 * past in any).
 */
interface CensusRow {
  status: ApplicationStatus;
  decideBy: string;
  open: boolean;
  answered: boolean;
  timeZone: string | null;
  count: number;
}

/**
 * SQL: the matching applications counted by the facts that decide their tab (CensusRow rows). The
 * inner read counts them by status, decide-by date and requests' counts in the order of the index
 * on those columns (read alone, grouped as it goes), rather than working the facts out on every
 * row; whether an undecided application is overdue depends on its program's zone only on the day
 * or two when the zones' todays differ, so those few are counted with their program's zone. The
 * outer read folds the dates each side of those days into one each.
 */
function censusOf(filters: WorkspaceFilters, viewer: QueueViewer, now: Date): Prisma.Sql {
  const earliest = dayIn(now, EARLIEST_ZONE);
  const zoned = Prisma.sql`(a."status" = ANY(${statuses(UNDECIDED_STATUSES)})
    AND a."decideBy" >= ${earliest}::date AND a."decideBy" < ${dayIn(now, LATEST_ZONE)}::date)`;
  const facts = Prisma.sql`a."status", a."decideBy", a."openRequests", a."answeredRequests"`;
  const day = Prisma.sql`CASE WHEN f."timeZone" IS NOT NULL THEN f."decideBy"
    WHEN f."decideBy" < ${earliest}::date THEN ${earliest}::date - 1 ELSE ${earliest}::date END`;
  // A search's conditions (two trigram searches) would be worked out again for the zoned ones:
  // its matches, few, are counted in one pass, each zoned one with its program's zone.
  const counted = filters.q
    ? Prisma.sql`SELECT ${facts}, CASE WHEN ${zoned}
          THEN (SELECT z."timeZone" FROM "programs" z WHERE z."id" = a."programId") END AS "timeZone",
          count(*) AS "count"
        ${fromOf(filters)} ${whereOf(filters, viewer, now)}
        GROUP BY 1, 2, 3, 4, 5`
    : Prisma.sql`SELECT ${facts}, NULL AS "timeZone", count(*) AS "count"
        ${fromOf(filters)} ${whereOf(filters, viewer, now, Prisma.sql`NOT ${zoned}`)}
        GROUP BY ${facts}
      UNION ALL
      SELECT ${facts}, z."timeZone", count(*)
        ${fromOf(filters)} JOIN "programs" z ON z."id" = a."programId" ${whereOf(filters, viewer, now, zoned)}
        GROUP BY ${facts}, z."timeZone"`;
  return Prisma.sql`SELECT f."status", ${day}::text AS "decideBy", f."openRequests" > 0 AS "open",
      f."answeredRequests" > 0 AS "answered", f."timeZone", sum(f."count")::int AS "count"
    FROM (${counted}) f
    GROUP BY 1, 2, 3, 4, 5`;
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
