import "server-only";
import { prisma } from "@/lib/db/client.server";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { OfferCondition } from "./conditions";
import { conditionSelect, toCondition } from "./conditions.server";
import type { DocumentRequest, RequestFilter } from "./requests";
import { requestSelect, toRequest } from "./request-view";
import { dayOf } from "./dates";
import { historyFor, type HistoryEntry, type HistoryReader } from "./history";
import { offerOf, startTermOf, type Offer } from "./offer";
import { toDbStatus, toStatus, type ApplicationStatus } from "./status";
import { programDeadlineSelect } from "@/lib/programs/queries.server";
import { earliestOpenDeadline } from "@/lib/dates/sql.server";
import { deadlinePassed } from "@/lib/format";

// Reads of a student's applications for the student area.

const DAY_MS = 86_400_000;

export interface UpcomingDeadline {
  programId: number;
  programName: string;
  degree: string;
  deadline: Date;
  timeZone: string;
  university: { name: string; slug: string };
}

/**
 * Deadlines of the programs the student applied to (or has a draft for) that have not passed at
 * `now` (in each program's time zone) and fall within `days` days, nearest first (at most `limit`).
 */
export async function listUpcomingDeadlines(
  userId: number,
  now: Date,
  days: number,
  limit = 10,
): Promise<UpcomingDeadline[]> {
  const rows = await prisma.program.findMany({
    where: {
      // Programs applied to, and programs with an application being written.
      OR: [{ applications: { some: { userId } } }, { drafts: { some: { userId } } }],
      // An archived program takes no applications: its deadline no longer matters.
      archivedAt: null,
      deadline: { gte: earliestOpenDeadline(now), lte: new Date(now.getTime() + days * DAY_MS) },
    },
    orderBy: [{ deadline: "asc" }, { id: "asc" }],
    select: programDeadlineSelect,
  });
  // The range above is every zone's; whether the day has passed is each program's own zone's. One
  // student's programs are few, so the rest is done here rather than in SQL.
  return rows
    .filter((row) => !deadlinePassed(row, now))
    .slice(0, limit)
    .map(({ id, name, ...row }) => ({ programId: id, programName: name, ...row }));
}

export interface ApplicationListItem {
  id: number;
  status: ApplicationStatus;
  submittedAt: string;
  /** The day a decision is due ("2027-03-12"); past it, an undecided application becomes inactive. */
  decideBy: string;
  student: { id: number; fullName: string; email: string };
  program: {
    id: number;
    name: string;
    degree: string;
    level: string;
    deadline: string;
    /** The IANA time zone of the program's dates: its deadline, and this application's. */
    timeZone: string;
    /** The program (or its university) was archived: it takes no new applications; this one stays. */
    archived: boolean;
  };
  university: { id: number; name: string; slug: string };
  /** The latest reviewer's note, if any. */
  latestNote: string | null;
  /**
   * How many of its requests for a document or a correction wait for the student (open), and
   * how many were answered and wait for the team.
   */
  requests: { open: number; answered: number };
  /** The open offer's last day to reply ("2027-03-12"), while one stands; null otherwise. */
  replyBy: string | null;
  /**
   * The staff member who handles it in the team's workspace (null while nobody does): in the
   * team's reads only, never in the student's.
   */
  assignee?: { id: number; fullName: string } | null;
}

const listSelect = {
  id: true,
  status: true,
  submittedAt: true,
  decideBy: true,
  replyBy: true,
  assignee: { select: { id: true, fullName: true } },
  user: { select: { id: true, fullName: true, email: true } },
  program: {
    select: {
      id: true,
      name: true,
      degree: true,
      level: true,
      deadline: true,
      timeZone: true,
      archivedAt: true,
      university: { select: { id: true, name: true, slug: true, archivedAt: true } },
    },
  },
  events: { where: { note: { not: null } }, orderBy: { createdAt: "desc" }, take: 1, select: { note: true } },
  requests: { where: { status: { in: ["open", "answered"] } }, select: { status: true } },
} satisfies Prisma.ApplicationSelect;

type ListRow = Prisma.ApplicationGetPayload<{ select: typeof listSelect }>;

function toListItem(row: ListRow, reader: HistoryReader): ApplicationListItem {
  const { university: universityRow, deadline, archivedAt, ...program } = row.program;
  const { archivedAt: universityArchivedAt, ...university } = universityRow;
  return {
    id: row.id,
    status: toStatus(row.status),
    submittedAt: row.submittedAt.toISOString(),
    decideBy: dayOf(row.decideBy),
    student: row.user,
    program: {
      ...program,
      deadline: deadline.toISOString(),
      archived: archivedAt !== null || universityArchivedAt !== null,
    },
    university,
    latestNote: row.events[0]?.note ?? null,
    requests: {
      open: row.requests.filter((request) => request.status === "open").length,
      answered: row.requests.filter((request) => request.status === "answered").length,
    },
    replyBy: row.replyBy ? dayOf(row.replyBy) : null,
    ...(reader === "staff" ? { assignee: row.assignee } : {}),
  };
}

/**
 * Applications, newest first: one student's (userId) or everyone's, by status, by their requests
 * (one waiting for the student, or one answered and waiting for the team) and by a search on the
 * student's full name or the program's name (case-insensitive substring).
 */
export async function listApplications(options: {
  userId?: number;
  status?: ApplicationStatus;
  requests?: RequestFilter;
  search?: string;
  limit: number;
  offset: number;
}): Promise<{ items: ApplicationListItem[]; total: number }> {
  const where: Prisma.ApplicationWhereInput = {
    ...(options.userId !== undefined ? { userId: options.userId } : {}),
    ...(options.status ? { status: toDbStatus(options.status) } : {}),
    ...(options.requests ? { requests: { some: { status: options.requests } } } : {}),
    ...(options.search
      ? {
          OR: [
            { user: { fullName: { contains: options.search, mode: "insensitive" } } },
            { program: { name: { contains: options.search, mode: "insensitive" } } },
          ],
        }
      : {}),
  };
  const [rows, total] = await Promise.all([
    prisma.application.findMany({
      where,
      select: listSelect,
      orderBy: [{ submittedAt: "desc" }, { id: "desc" }],
      take: options.limit,
      skip: options.offset,
    }),
    prisma.application.count({ where }),
  ]);
  // A student's own list is the student's reading; everyone's is the team's.
  const reader: HistoryReader = options.userId === undefined ? "staff" : "student";
  return { items: rows.map((row) => toListItem(row, reader)), total };
}

/** A row of listApplicationsByIds' read: an application with what its list item shows. */
interface ListItemRow {
  id: number;
  status: ApplicationStatus;
  submittedAt: Date;
  decideBy: string;
  replyBy: string | null;
  openRequests: number;
  answeredRequests: number;
  studentId: number;
  studentName: string;
  studentEmail: string;
  programId: number;
  programName: string;
  degree: string;
  level: string;
  deadline: Date;
  timeZone: string;
  archived: boolean;
  universityId: number;
  universityName: string;
  universitySlug: string;
  assigneeId: number | null;
  assigneeName: string | null;
  latestNote: string | null;
}

/**
 * These applications as the team's list items, in the order of `ids` (a page of the team's queue):
 * one read joining each with its student, program, university and assignee, its requests' counts
 * from its own row and its latest note, where the relations read level by level would take seven.
 */
export async function listApplicationsByIds(ids: readonly number[]): Promise<ApplicationListItem[]> {
  if (ids.length === 0) return [];
  const rows = await prisma.$queryRaw<ListItemRow[]>`
    SELECT a."id", a."status", a."submittedAt", a."decideBy"::text AS "decideBy",
      a."replyBy"::text AS "replyBy", a."openRequests", a."answeredRequests",
      s."id" AS "studentId", s."fullName" AS "studentName", s."email" AS "studentEmail",
      p."id" AS "programId", p."name" AS "programName", p."degree", p."level", p."deadline",
      p."timeZone", (p."archivedAt" IS NOT NULL OR u."archivedAt" IS NOT NULL) AS "archived",
      u."id" AS "universityId", u."name" AS "universityName", u."slug" AS "universitySlug",
      t."id" AS "assigneeId", t."fullName" AS "assigneeName",
      (SELECT e."note" FROM "application_events" e WHERE e."applicationId" = a."id" AND e."note" IS NOT NULL
        ORDER BY e."createdAt" DESC LIMIT 1) AS "latestNote"
    FROM "applications" a
    JOIN "users" s ON s."id" = a."userId"
    JOIN "programs" p ON p."id" = a."programId"
    JOIN "universities" u ON u."id" = p."universityId"
    LEFT JOIN "users" t ON t."id" = a."assigneeId"
    WHERE a."id" = ANY(${[...ids]}::int[])`;
  const byId = new Map(
    rows.map((row): [number, ApplicationListItem] => [
      row.id,
      {
        id: row.id,
        status: row.status,
        submittedAt: row.submittedAt.toISOString(),
        decideBy: row.decideBy,
        student: { id: row.studentId, fullName: row.studentName, email: row.studentEmail },
        program: {
          id: row.programId,
          name: row.programName,
          degree: row.degree,
          level: row.level,
          deadline: row.deadline.toISOString(),
          timeZone: row.timeZone,
          archived: row.archived,
        },
        university: { id: row.universityId, name: row.universityName, slug: row.universitySlug },
        latestNote: row.latestNote,
        requests: { open: row.openRequests, answered: row.answeredRequests },
        replyBy: row.replyBy,
        assignee: row.assigneeId === null ? null : { id: row.assigneeId, fullName: row.assigneeName! },
      },
    ]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export interface ApplicationDetail extends ApplicationListItem {
  personalStatement: string;
  academicHistory: { institution: string; degree: string; gpa: string; graduationYear: number };
  history: HistoryEntry[];
  /** The offer's conditions, each with where it stands; empty without an offer or conditions. */
  conditions: OfferCondition[];
  /** The team's requests for a document or a correction, oldest first, with what was sent. */
  documentRequests: DocumentRequest[];
}

const historySelect = {
  createdAt: true,
  fromStatus: true,
  toStatus: true,
  transition: true,
  note: true,
  reason: true,
  data: true,
  actorName: true,
} satisfies Prisma.ApplicationEventSelect;

function toHistoryEntry(
  e: Prisma.ApplicationEventGetPayload<{ select: typeof historySelect }>,
): HistoryEntry {
  return {
    at: e.createdAt.toISOString(),
    from: e.fromStatus ? toStatus(e.fromStatus) : null,
    to: toStatus(e.toStatus),
    transition: e.transition,
    note: e.note,
    reason: e.reason,
    data: e.data,
    by: e.actorName,
  };
}

const detailSelect = {
  ...listSelect,
  personalStatement: true,
  academicHistory: true,
  events: { orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: historySelect },
  conditions: { orderBy: { position: "asc" }, select: conditionSelect },
  requests: { orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: requestSelect },
} satisfies Prisma.ApplicationSelect;

function toDetail(
  row: Prisma.ApplicationGetPayload<{ select: typeof detailSelect }>,
  reader: HistoryReader,
): ApplicationDetail {
  const events = historyFor(row.events, reader);
  const notes = events.filter((e) => e.note !== null);
  return {
    ...toListItem({ ...row, events: notes.slice(-1).map((e) => ({ note: e.note })) }, reader),
    documentRequests: row.requests.map(toRequest),
    personalStatement: row.personalStatement,
    academicHistory: row.academicHistory as ApplicationDetail["academicHistory"],
    history: events.map(toHistoryEntry),
    conditions: row.conditions.map(toCondition),
  };
}

/**
 * One application with its statement, academic history and status history (oldest first), as
 * `reader` reads it: the student's reading leaves out who handles it and the team's own events.
 */
export async function getApplicationDetail(
  id: number,
  reader: HistoryReader,
): Promise<ApplicationDetail | null> {
  const row = await prisma.application.findUnique({ where: { id }, select: detailSelect });
  return row ? toDetail(row, reader) : null;
}

/** Every application of one student in full, oldest first (their data export). */
export async function listApplicationDetailsOf(userId: number): Promise<ApplicationDetail[]> {
  const rows = await prisma.application.findMany({
    where: { userId },
    orderBy: [{ submittedAt: "asc" }, { id: "asc" }],
    select: detailSelect,
  });
  return rows.map((row) => toDetail(row, "student"));
}

/**
 * The status histories of several applications in one query (oldest entry first), keyed by
 * application id, for the student's list of their applications (the student's reading).
 */
export async function listApplicationHistories(ids: number[]): Promise<Map<number, HistoryEntry[]>> {
  const histories = new Map<number, HistoryEntry[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return histories;
  const events = await prisma.applicationEvent.findMany({
    where: { applicationId: { in: ids } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { applicationId: true, ...historySelect },
  });
  for (const e of historyFor(events, "student")) histories.get(e.applicationId)?.push(toHistoryEntry(e));
  return histories;
}

/**
 * The student's latest application to this program, if they have sent one: an open one, else the
 * last closed one (rejected, withdrawn...), after which they may apply again.
 */
export async function findOwnApplication(
  userId: number,
  programId: number,
): Promise<{ id: number; status: ApplicationStatus; submittedAt: Date } | null> {
  const row = await prisma.application.findFirst({
    where: { userId, programId },
    orderBy: [{ submittedAt: "desc" }, { id: "desc" }],
    select: { id: true, status: true, submittedAt: true },
  });
  return row ? { ...row, status: toStatus(row.status) } : null;
}

/** The latest offer of each of these applications that holds one (make-offer events). */
export async function listOffers(applicationIds: number[]): Promise<Map<number, Offer>> {
  const events = await prisma.applicationEvent.findMany({
    where: { applicationId: { in: applicationIds }, transition: "make-offer" },
    orderBy: { id: "asc" },
    select: { applicationId: true, data: true },
  });
  const offers = new Map<number, Offer>();
  for (const event of events) {
    const offer = offerOf(event.data);
    if (offer) offers.set(event.applicationId, offer);
  }
  return offers;
}

export interface OfferToAnswer {
  applicationId: number;
  programName: string;
  degree: string;
  universityName: string;
  /** The last day to reply (YYYY-MM-DD). */
  replyBy: string;
}

/** The student's offers waiting for a reply, the nearest reply-by date first. */
export async function listOffersToAnswer(userId: number): Promise<OfferToAnswer[]> {
  const rows = await prisma.application.findMany({
    where: { userId, status: "approved" },
    select: {
      id: true,
      program: { select: { name: true, degree: true, university: { select: { name: true } } } },
    },
  });
  const offers = await listOffers(rows.map((row) => row.id));
  return rows
    .flatMap((row) => {
      const offer = offers.get(row.id);
      return offer
        ? [
            {
              applicationId: row.id,
              programName: row.program.name,
              degree: row.program.degree,
              universityName: row.program.university.name,
              replyBy: offer.replyBy,
            },
          ]
        : [];
    })
    .sort((a, b) => a.replyBy.localeCompare(b.replyBy));
}

/** A place the student accepted (an offer accepted, waiting for its conditions or confirmed). */
export interface AcceptedPlace {
  applicationId: number;
  programName: string;
  universityName: string;
  /** The start the place is for: the offer's, or its deferral's; null when none was given. */
  startTerm: string | null;
}

/**
 * The student's accepted places, with the start each is for: accepting another offer for one of
 * those starts replaces that place. `db`: a transaction to read in, when the caller holds one.
 */
export async function listAcceptedPlaces(
  userId: number,
  db: Prisma.TransactionClient = prisma,
): Promise<AcceptedPlace[]> {
  const rows = await db.application.findMany({
    where: { userId, status: { in: [toDbStatus("conditions-pending"), toDbStatus("place-confirmed")] } },
    orderBy: { id: "asc" },
    select: {
      id: true,
      program: { select: { name: true, university: { select: { name: true } } } },
      events: {
        where: { transition: { in: ["make-offer", "defer"] } },
        orderBy: { id: "desc" },
        select: { transition: true, data: true },
      },
    },
  });
  return rows.map((row) => ({
    applicationId: row.id,
    programName: row.program.name,
    universityName: row.program.university.name,
    startTerm: startTermOf(row.events),
  }));
}
