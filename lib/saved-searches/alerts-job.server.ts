import "server-only";
import { prisma } from "@/lib/db/client.server";
import { env } from "@/lib/env.server";
import { Prisma } from "@/lib/generated/prisma/client";
import { sendToEach } from "@/lib/mail/each-recipient.server";
import { mailUrl } from "@/lib/mail/render.server";
import { sendMail, type Mail } from "@/lib/mail/send.server";
import { searchAlertMail } from "@/lib/mail/templates/search-alert.server";
import { getStudentProfile } from "@/lib/fit/profile.server";
import type { Rates } from "@/lib/money/convert";
import { toProgramCriteria } from "@/lib/programs/criteria";
import { chosenFitFilters } from "@/lib/programs/fit-filters";
import { fitConditions } from "@/lib/programs/fit-sql.server";
import { programsMatching } from "@/lib/programs/queries.server";
import { programSearchCondition } from "@/lib/programs/search.server";
import { searchAlertToken } from "@/lib/reminders/tokens.server";
import { latestRates } from "@/lib/rates/queries.server";
import { getPlatformName } from "@/lib/settings/queries.server";
import { toSearchCriteria } from "@/lib/universities/criteria";
import { programCondition, universityCondition } from "@/lib/universities/search.server";
import { universityPath } from "@/lib/universities/seo.server";
import { toScholarshipCriteria } from "@/lib/scholarships/criteria";
import { scholarshipPath } from "@/lib/scholarships/paths";
import { SCHOLARSHIPS_FROM, scholarshipSearchCondition } from "@/lib/scholarships/queries.server";
import { searchValues, type SavedSearchKind } from "./kinds";

// The weekly alerts of saved searches, sent by `npm run jobs:search-alerts`
// (scripts/jobs-search-alerts.ts). Each run e-mails every student, once, what is new or changed in
// each of their saved searches with the alert on: the programs (or universities, or scholarships)
// that match the search and were created or updated after the search's `alertedUntil` and up to the run's
// `until`. Nothing new, no e-mail. The window is per search, so a run after a gap of weeks lists
// the whole gap, and one that overlaps another lists nothing the other listed.
//
// `until` is SETTLE_MS before the run starts: a catalogue write stamps `updatedAt` before it
// commits (an import's transaction may take minutes), so a change stamped just before a run might
// not be visible to it yet; a run reads only changes old enough to have committed, and the next
// run starts where it stopped.
//
// Never twice, never lost: per student, one transaction moves each listed search's `alertedUntil`
// from the `since` it was read with to `until` (the row is locked; a run that overlaps another
// waits, then finds it moved and skips the search), records the window in saved_search_alerts
// (key: search, since) and queues the e-mail in pg-boss's table through the same connection. All
// commit or none does: a failed enqueue moves nothing, and the next run tries again. The account
// and each search are read again in it, so a search deleted or turned off, or an account
// deactivated, since the list was read gets nothing.

/** Results listed per search; the rest are "and N more" with the link to the search. */
export const ALERT_LIST_MAX = 10;
/** How long before a run a change must have been made to be listed (see above). */
export const SETTLE_MS = 15 * 60_000;

export interface AlertItem {
  id: number;
  /** "Marine Biology (MSc), Riverside University" or "Riverside University, France". */
  title: string;
  /** The page to open it. */
  path: string;
  /** Created in the window (otherwise changed). */
  isNew: boolean;
}

export interface SearchNews {
  searchId: number;
  name: string;
  kind: SavedSearchKind;
  query: string;
  /** The window the e-mail covers: after `since`, up to `until`. */
  since: Date;
  /** The first ALERT_LIST_MAX results, most recently changed first. */
  items: AlertItem[];
  /** Every result of the window. */
  total: number;
}

export interface AlertStudent {
  userId: number;
  email: string;
  fullName: string;
  emailVerifiedAt: Date | null;
  searches: SearchNews[];
}

/** Whose search it is, and the rates of the run: a program search's fit filters read both. */
export interface SearchOwner {
  userId: number;
  rates: Rates;
}

/**
 * The programs matching a saved program search changed in (since, until]. Its fit filters apply
 * with the student's profile as it is today, as they would on the search page.
 */
async function programNews(query: string, since: Date, until: Date, now: Date, owner: SearchOwner) {
  const values = searchValues("programs", query);
  const criteria = toProgramCriteria(values, now);
  const chosen = chosenFitFilters(values);
  const fit = chosen.length
    ? fitConditions(chosen, {
        profile: await getStudentProfile(owner.userId),
        signedIn: true,
        rates: owner.rates,
        today: now,
      }).flatMap((condition) => (condition.sql ? [condition.sql] : []))
    : [];
  const rows = await prisma.$queryRaw<
    {
      id: number;
      name: string;
      degree: string;
      university: string;
      slug: string;
      isNew: boolean;
      total: number;
    }[]
  >`
    SELECT p."id", p."name", p."degree", u."name" AS "university", u."slug",
           p."createdAt" > ${since} AS "isNew", count(*) OVER ()::int AS "total"
      FROM ${programsMatching(criteria.text)}
      JOIN "universities" u ON u."id" = p."universityId"
     WHERE ${Prisma.join([programSearchCondition(criteria), ...fit], " AND ")}
       AND p."updatedAt" > ${since} AND p."updatedAt" <= ${until}
     ORDER BY p."updatedAt" DESC, p."id" DESC
     LIMIT ${ALERT_LIST_MAX}`;
  return {
    total: rows[0]?.total ?? 0,
    items: rows.map((row) => ({
      id: row.id,
      title: `${row.name} (${row.degree}), ${row.university}`,
      path: universityPath(row.slug),
      isNew: row.isNew,
    })),
  };
}

/**
 * The universities matching a saved university search that changed in (since, until]: the
 * university itself, or one of its programs that meets the search's program conditions.
 */
async function universityNews(query: string, since: Date, until: Date) {
  const criteria = toSearchCriteria(searchValues("universities", query));
  const changed = (alias: string) =>
    Prisma.sql`${Prisma.raw(alias)}."updatedAt" > ${since} AND ${Prisma.raw(alias)}."updatedAt" <= ${until}`;
  const rows = await prisma.$queryRaw<
    { id: number; name: string; slug: string; country: string; isNew: boolean; total: number }[]
  >`
    SELECT u."id", u."name", u."slug", c."name" AS "country",
           u."createdAt" > ${since} AS "isNew", count(*) OVER ()::int AS "total"
      FROM "universities" u
      JOIN "countries" c ON c."id" = u."countryId"
     WHERE ${universityCondition(criteria)}
       AND (${changed("u")} OR EXISTS (
             SELECT 1 FROM "programs" p
              WHERE p."universityId" = u."id" AND ${programCondition(criteria)} AND ${changed("p")}))
     ORDER BY u."name" ASC, u."id" ASC
     LIMIT ${ALERT_LIST_MAX}`;
  return {
    total: rows[0]?.total ?? 0,
    items: rows.map((row) => ({
      id: row.id,
      title: `${row.name}, ${row.country}`,
      path: universityPath(row.slug),
      isNew: row.isNew,
    })),
  };
}

/** The scholarships matching a saved scholarship search created or changed in (since, until]. */
async function scholarshipNews(query: string, since: Date, until: Date, now: Date) {
  const criteria = toScholarshipCriteria(searchValues("scholarships", query));
  const rows = await prisma.$queryRaw<
    { id: number; name: string; provider: string; isNew: boolean; total: number }[]
  >`
    SELECT s."id", s."name", s."provider", s."createdAt" > ${since} AS "isNew", count(*) OVER ()::int AS "total"
      FROM ${SCHOLARSHIPS_FROM}
     WHERE ${scholarshipSearchCondition(criteria, now)} AND s."updatedAt" > ${since} AND s."updatedAt" <= ${until}
     ORDER BY s."updatedAt" DESC, s."id" DESC
     LIMIT ${ALERT_LIST_MAX}`;
  return {
    total: rows[0]?.total ?? 0,
    items: rows.map((row) => ({
      id: row.id,
      title: `${row.name}, ${row.provider}`,
      path: scholarshipPath(row),
      isNew: row.isNew,
    })),
  };
}

/** What changed in one saved search's window. */
export function searchNews(
  kind: SavedSearchKind,
  query: string,
  since: Date,
  until: Date,
  now: Date,
  owner: SearchOwner,
) {
  switch (kind) {
    case "programs":
      return programNews(query, since, until, now, owner);
    case "scholarships":
      return scholarshipNews(query, since, until, now);
    case "universities":
      return universityNews(query, since, until);
  }
}

/** The students with news in their saved searches up to `until`, their searches in saved order. */
export async function dueSearchAlerts(now: Date, until: Date): Promise<AlertStudent[]> {
  const searches = await prisma.savedSearch.findMany({
    where: { alertsEnabled: true, alertedUntil: { lt: until }, user: { isActive: true } },
    select: {
      id: true,
      name: true,
      kind: true,
      query: true,
      alertedUntil: true,
      user: { select: { id: true, email: true, fullName: true, emailVerifiedAt: true } },
    },
    orderBy: [{ userId: "asc" }, { createdAt: "asc" }, { id: "asc" }],
  });
  const students = new Map<number, AlertStudent>();
  const rates = searches.length ? await latestRates() : {};
  for (const search of searches) {
    // One search at a time: a weekly job need not compete with the site's visitors for connections.
    const news = await searchNews(search.kind, search.query, search.alertedUntil, until, now, {
      userId: search.user.id,
      rates,
    });
    if (news.total === 0) continue;
    const { user } = search;
    const student = students.get(user.id) ?? {
      userId: user.id,
      email: user.email,
      fullName: user.fullName,
      emailVerifiedAt: user.emailVerifiedAt,
      searches: [],
    };
    students.set(user.id, student);
    student.searches.push({
      searchId: search.id,
      name: search.name,
      kind: search.kind,
      query: search.query,
      since: search.alertedUntil,
      ...news,
    });
  }
  return [...students.values()];
}

/** The alert e-mail of one student, with RFC 8058 one-click unsubscribe headers for its searches. */
export async function searchAlertMailOf(student: AlertStudent, platformName: string): Promise<Mail> {
  const token = searchAlertToken(student.searches.map((search) => search.searchId));
  return {
    to: student.email,
    ...(await searchAlertMail(student, platformName)),
    headers: {
      "List-Unsubscribe": `<${mailUrl(`/api/searches/unsubscribe?token=${token}`)}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

// The student as the send sees them; no row when deactivated since the list was read.
const RECHECK_STUDENT = `
  SELECT "email", "fullName", "emailVerifiedAt" FROM "users" WHERE "id" = $1 AND "isActive" FOR SHARE`;

// Moves one search's window on, only from the `since` it was read with and while its alert is on;
// its current name comes back (renamed since the list was read: the new one).
const MOVE_WINDOW = `
  UPDATE "saved_searches" SET "alertedUntil" = $4::timestamptz AT TIME ZONE 'UTC'
   WHERE "id" = $1 AND "userId" = $2 AND "alertsEnabled"
     AND "alertedUntil" = $3::timestamptz AT TIME ZONE 'UTC'
  RETURNING "name"`;

const RECORD_ALERT = `
  INSERT INTO "saved_search_alerts" ("savedSearchId", "since", "until", "items")
  VALUES ($1, $2::timestamptz AT TIME ZONE 'UTC', $3::timestamptz AT TIME ZONE 'UTC', $4)
  ON CONFLICT DO NOTHING
  RETURNING "savedSearchId"`;

/** Sends the alerts of every saved search with news (see the top of this file). */
export async function sendSearchAlerts(
  now = new Date(),
  connectionString = env.DATABASE_URL,
  settleMs = SETTLE_MS,
): Promise<{ emails: number; searches: number; failed: number }> {
  const until = new Date(now.getTime() - settleMs);
  const students = await dueSearchAlerts(now, until);
  const platformName = students.length ? await getPlatformName() : "";
  const { emails, items, failed } = await sendToEach(
    students,
    connectionString,
    "search alerts",
    async (student, { client, db }) => {
      const account = await client.query<Pick<AlertStudent, "email" | "fullName" | "emailVerifiedAt">>(
        RECHECK_STUDENT,
        [student.userId],
      );
      if (account.rows.length === 0) return 0;
      const fresh: SearchNews[] = [];
      for (const search of student.searches) {
        const window = [search.since.toISOString(), until.toISOString()];
        const moved = await client.query<{ name: string }>(MOVE_WINDOW, [
          search.searchId,
          student.userId,
          ...window,
        ]);
        if (moved.rows.length === 0) continue;
        const recorded = await client.query(RECORD_ALERT, [search.searchId, ...window, search.total]);
        if (recorded.rows.length > 0) fresh.push({ ...search, name: moved.rows[0].name });
      }
      if (fresh.length > 0)
        await sendMail(
          await searchAlertMailOf({ ...student, ...account.rows[0], searches: fresh }, platformName),
          { db },
        );
      return fresh.length;
    },
  );
  return { emails, searches: items, failed };
}
