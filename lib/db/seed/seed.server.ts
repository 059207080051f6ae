import "server-only";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import countries from "i18n-iso-countries";
import english from "i18n-iso-countries/langs/en.json";
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import type { ApplicationStatus } from "@/lib/generated/prisma/enums";
import { hashPassword } from "@/lib/auth/password.server";
import { refreshCatalogueStatistics } from "@/lib/db/statistics";
import { dateOf, decideByDate } from "@/lib/applications/dates";
import { DEFAULT_DECIDE_BY_WORKING_DAYS, DEMO_DATA_KEY } from "@/lib/settings/constants";
import { listDomains } from "@/lib/universities/domains";
import { seedSlugify, uniqueSlug } from "@/lib/universities/slug";
import { demoTimeZone, generatePrograms, hashString } from "./programs";
import { demoScholarships } from "./scholarships";
import {
  REQUIREMENT_ALIASES,
  REQUIREMENT_VALUES,
  requirementArrays,
} from "@/lib/fit/requirements-sql.server";
import { PERMISSIONS, toDbPermissions } from "@/lib/auth/staff-permissions";

// The seed: every ISO 3166 country and the 10,251 real universities of prisma/data (MIT licensed,
// see prisma/data/README.md) with their websites: facts only. In demo mode (`demo: true`; see
// demo.ts for who asks) also generated descriptions, rankings (labelled "Demo ranking"),
// programs with tuition and deadlines, demo accounts and applications, and the settings row that
// makes every page say so (docs/decisions/0009-demo-mode-in-the-database.md), and a few demo
// scholarships, each marked as such (./scholarships.ts). Idempotent: running
// it again adds only what is missing. A university of the list is found again by its source key
// (the slug the seed derived for it), which a rename leaves as it is, so a renamed university is
// never added a second time. Its last step writes SEED_COMPLETED_KEY: a seed cut short (a first
// start killed midway) leaves none, and the next start seeds again.

countries.registerLocale(english);

interface DatasetUniversity {
  name: string;
  alpha_two_code: string;
  country: string;
  web_pages: string[];
  domains?: string[];
  "state-province": string | null;
}

export const DATASET_PATH = join(process.cwd(), "prisma", "data", "world_universities_and_domains.json");
const BATCH = 5_000;
/** How many seeded universities get a (fictional) rank in demo mode. */
const RANKED = 1_000;
/** The source of the generated rankings: never passed off as a real ranking's. */
export const DEMO_RANKING_SOURCE = "Demo ranking";

export const DEMO_ACCOUNTS = [
  { username: "admin", password: "Admin#2026", fullName: "Ada Admin", role: "admin", adminType: "super" },
  { username: "teamadmin", password: "Team#2026", fullName: "Tomás Team", role: "admin", adminType: "team" },
  { username: "student", password: "Student#2026", fullName: "Sam Student", role: "user", adminType: null },
  { username: "amira", password: "Student#2026", fullName: "Amira Haddad", role: "user", adminType: null },
  { username: "kenji", password: "Student#2026", fullName: "Kenji Sato", role: "user", adminType: null },
] as const;

/** The settings row the seed writes as its last step: its value is when the seed completed. */
export const SEED_COMPLETED_KEY = "seedCompletedAt";

/** Whether a seed ran to its end on this database. */
export async function seedCompleted(prisma: PrismaClient): Promise<boolean> {
  return (await prisma.setting.count({ where: { key: SEED_COMPLETED_KEY } })) > 0;
}

/**
 * Writes a settings row with the columns every version of the table has (key, value, updatedAt),
 * not through the generated client, which would name the newest columns: the seed also fills
 * databases built by earlier migrations (the upgrade tests).
 */
async function writeSetting(prisma: PrismaClient, key: string, value: string) {
  await prisma.$executeRaw`
    INSERT INTO "settings" ("key", "value", "updatedAt") VALUES (${key}, ${value}, now())
    ON CONFLICT ("key") DO UPDATE SET "value" = EXCLUDED."value", "updatedAt" = now()`;
}

/** The demo applications' statuses: the contract's five. */
const STATUSES = ["pending", "in_review", "rejected", "sent_to_university", "approved"] as const;
type SeededStatus = (typeof STATUSES)[number];

export interface SeedOptions {
  /** Dates of generated deadlines are counted from this day. */
  today?: Date;
  /**
   * Demo mode: also generated descriptions, rankings and programs, the demo accounts and their
   * applications, and the demoData setting; off unless true (see demo.ts).
   */
  demo?: boolean;
  log?: (message: string) => void;
}

export interface SeedSummary {
  countries: number;
  universities: number;
  programs: number;
  users: number;
  applications: number;
}

export function readDataset(): DatasetUniversity[] {
  return JSON.parse(readFileSync(DATASET_PATH, "utf8")) as DatasetUniversity[];
}

export async function seed(prisma: PrismaClient, options: SeedOptions = {}): Promise<SeedSummary> {
  const today = options.today ?? new Date();
  const log = options.log ?? (() => {});

  await seedCountries(prisma);
  log("countries done");
  const demo = options.demo === true;
  const slugs = await seedUniversities(prisma, today, demo);
  log("universities done");
  if (demo) {
    await seedDemoCatalogue(prisma, slugs, today);
    log("demo rankings and programs done");
    await seedDemoAccounts(prisma);
    log("demo accounts and applications done");
    await seedDemoScholarships(prisma, today);
    log("demo scholarships done");
    await writeSetting(prisma, DEMO_DATA_KEY, "true");
  }
  await refreshCatalogueStatistics(prisma, { vacuum: true });
  // Last: whatever failed before this leaves the database unmarked, to be seeded again.
  await writeSetting(prisma, SEED_COMPLETED_KEY, new Date().toISOString());

  const [countryCount, universities, programs, users, applications] = await Promise.all([
    prisma.country.count(),
    prisma.university.count(),
    prisma.program.count(),
    prisma.user.count(),
    prisma.application.count(),
  ]);
  return { countries: countryCount, universities, programs, users, applications };
}

async function seedCountries(prisma: PrismaClient) {
  const names = countries.getNames("en", { select: "official" });
  await prisma.country.createMany({
    data: Object.entries(names).map(([code, name]) => ({ code, name })),
    skipDuplicates: true,
  });
}

/** Inserts the dataset's universities that are missing; returns the slugs of all of them. */
async function seedUniversities(prisma: PrismaClient, today: Date, demo: boolean): Promise<string[]> {
  const dataset = readDataset();
  const countryIds = new Map(
    (await prisma.country.findMany({ select: { id: true, code: true } })).map((c) => [c.code, c.id]),
  );

  // Slugs are derived in dataset order, so a re-run derives the same ones, with the derivation
  // the first seeds used (seedSlugify): a re-run on an older database must find its rows.
  const slugs = new Set<string>();
  const rows = dataset.map((u) => {
    const slug = uniqueSlug(u.name, u.alpha_two_code, (s) => slugs.has(s), seedSlugify);
    slugs.add(slug);
    const countryId = countryIds.get(u.alpha_two_code);
    if (countryId === undefined) throw new Error(`Unknown country code ${u.alpha_two_code} for ${u.name}`);
    return { source: u, slug, countryId };
  });

  // In demo mode, a fixed pseudo-random order (by slug hash) decides which universities carry a rank.
  const rankOf = new Map<number, number>();
  if (demo) {
    const order = rows.map((_, i) => i).sort((a, b) => hashString(rows[a].slug) - hashString(rows[b].slug));
    order.slice(0, RANKED).forEach((index, position) => rankOf.set(index, position + 1));
  }
  const rankingYear = today.getUTCFullYear();

  // Bulk inserts go through unnest() in raw SQL: Prisma's createMany spends far more time
  // building 60,000 rows than PostgreSQL spends storing them.
  // Outside demo mode only the dataset's facts are written (and only columns every schema
  // version has, so tests can seed a database that earlier migrations built).
  // A row whose source key or slug is taken is skipped: the university is there already (perhaps
  // renamed), or an admin's university has that address.
  const keyed = await hasColumn(prisma, "universities", "sourceKey");
  const keyColumn = keyed ? Prisma.sql`, "sourceKey"` : Prisma.empty;
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    const demoColumns = demo
      ? Prisma.sql`, "description", "ranking", "rankingSource", "rankingYear"`
      : Prisma.empty;
    const demoValues = demo
      ? Prisma.sql`,
        ${batch.map((r) => describe(r.source))}::text[],
        ${batch.map((_, offset) => rankOf.get(start + offset) ?? null)}::int[],
        ${batch.map((_, offset) => (rankOf.has(start + offset) ? DEMO_RANKING_SOURCE : null))}::text[],
        ${batch.map((_, offset) => (rankOf.has(start + offset) ? rankingYear : null))}::int[]`
      : Prisma.empty;
    await prisma.$executeRaw`
      INSERT INTO "universities" ("name", "slug" ${keyColumn}, "countryId", "webPage" ${demoColumns}, "updatedAt")
      SELECT *, now() FROM unnest(
        ${batch.map((r) => r.source.name)}::text[],
        ${batch.map((r) => r.slug)}::text[],
        ${keyed ? Prisma.sql`${batch.map((r) => r.slug)}::text[],` : Prisma.empty}
        ${batch.map((r) => r.countryId)}::int[],
        ${batch.map((r) => r.source.web_pages[0] ?? null)}::text[] ${demoValues}
      )
      ON CONFLICT DO NOTHING`;
  }
  await seedDomains(prisma, rows, keyed);
  return [...slugs];
}

/**
 * The list's domains, for universities that have none yet. A separate step, run only when the
 * schema has the column: the migration-upgrade test seeds schemas from before it.
 */
async function seedDomains(
  prisma: PrismaClient,
  rows: { slug: string; source: DatasetUniversity }[],
  keyed: boolean,
) {
  if (!(await hasColumn(prisma, "universities", "domains"))) return;
  const key = keyed ? Prisma.sql`u."sourceKey"` : Prisma.sql`u."slug"`;
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    await prisma.$executeRaw`
      UPDATE "universities" u SET "domains" = string_to_array(d.list, ',')
        FROM unnest(
          ${batch.map((r) => r.slug)}::text[],
          ${batch.map((r) => listDomains(r.source.domains ?? []).join(","))}::text[]
        ) AS d(slug, list)
       WHERE ${key} = d.slug AND d.list <> '' AND u."domains" = '{}'`;
  }
}

/** Whether the schema has the column: tests seed databases that earlier migrations built. */
async function hasColumn(prisma: PrismaClient, table: string, column: string): Promise<boolean> {
  const rows = await prisma.$queryRaw<unknown[]>`
    SELECT 1 FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name = ${table} AND column_name = ${column}`;
  return rows.length > 0;
}

/** Demo mode: programs for the seeded universities that have none yet (a first run, or one cut short). */
async function seedDemoCatalogue(prisma: PrismaClient, slugs: string[], today: Date) {
  // Rankings stored before they had a source (the seed generated them everywhere) are the demo's.
  await prisma.$executeRaw`
    UPDATE "universities"
       SET "rankingSource" = ${DEMO_RANKING_SOURCE}, "rankingYear" = ${today.getUTCFullYear()}
     WHERE "ranking" IS NOT NULL AND "rankingSource" IS NULL AND "slug" = ANY(${slugs}::text[])`;

  const withoutPrograms = await prisma.$queryRaw<{ id: number; slug: string; name: string; code: string }[]>`
    SELECT u.id, u.slug, u.name, c."code" FROM "universities" u JOIN "countries" c ON c."id" = u."countryId"
    WHERE u.slug = ANY(${slugs}::text[])
      AND NOT EXISTS (SELECT 1 FROM "programs" p WHERE p."universityId" = u.id)`;
  const programs = withoutPrograms.flatMap((u) =>
    generatePrograms(u.slug, u.name, today).map((p) => ({
      ...p,
      universityId: u.id,
      timeZone: demoTimeZone(u.code),
    })),
  );
  for (let start = 0; start < programs.length; start += BATCH) {
    const batch = programs.slice(start, start + BATCH);
    await prisma.$executeRaw`
      INSERT INTO "programs"
        ("universityId", "name", "description", "level", "field", "degree", "duration", "tuition", "deadline",
         "timeZone", ${REQUIREMENT_ALIASES}, "updatedAt")
      SELECT v."universityId", v."name", v."description", v."level", v."field", v."degree", v."duration",
             v."tuition", v."deadline", v."timeZone", ${REQUIREMENT_VALUES}, now()
        FROM unnest(
        ${batch.map((p) => p.universityId)}::int[],
        ${batch.map((p) => p.name)}::text[],
        ${batch.map((p) => p.description)}::text[],
        ${batch.map((p) => p.level)}::text[],
        ${batch.map((p) => p.field)}::text[],
        ${batch.map((p) => p.degree)}::text[],
        ${batch.map((p) => p.duration)}::int[],
        ${batch.map((p) => p.tuition)}::numeric[],
        ${batch.map((p) => utcTimestamp(p.deadline))}::timestamp(3)[],
        ${batch.map((p) => p.timeZone)}::text[],
        ${requirementArrays(batch.map((p) => p.requirements))}
      ) AS v("universityId", "name", "description", "level", "field", "degree", "duration", "tuition",
             "deadline", "timeZone", ${REQUIREMENT_ALIASES})`;
  }
}

/**
 * Demo mode: the demo scholarships (./scholarships.ts), each written once (found again by its
 * provider and name). Two belong to the best-ranked demo university with a Master's program, one to
 * that program.
 */
async function seedDemoScholarships(prisma: PrismaClient, today: Date) {
  const [anchor] = await prisma.$queryRaw<{ universityId: number; name: string; programId: number }[]>`
    SELECT u."id" AS "universityId", u."name", p."id" AS "programId"
      FROM "universities" u JOIN "programs" p ON p."universityId" = u."id"
     WHERE u."archivedAt" IS NULL AND p."archivedAt" IS NULL AND p."level" = 'Master''s'
       AND u."rankingSource" = ${DEMO_RANKING_SOURCE}
     ORDER BY u."ranking" ASC, u."id" ASC, p."id" ASC
     LIMIT 1`;
  for (const demo of demoScholarships(today, anchor ?? null)) {
    const { owner, levels, fields, ...data } = demo;
    const existing = await prisma.scholarship.findFirst({
      where: { provider: data.provider, name: data.name, archivedAt: null },
      select: { id: true },
    });
    if (existing) continue;
    await prisma.scholarship.create({
      data: {
        ...data,
        universityId: owner === "university" ? anchor!.universityId : null,
        programId: owner === "program" ? anchor!.programId : null,
        levels: { create: levels.map((level) => ({ level })) },
        fields: { create: fields.map((field) => ({ field })) },
      },
      select: { id: true },
    });
  }
}

/** A demo description; migration 20261123180000 recognises databases seeded with it. */
function describe(u: DatasetUniversity): string {
  const place = u["state-province"] ? `${u["state-province"]}, ${u.country}` : u.country;
  return (
    `${u.name} is a higher-education institution in ${place}. ` +
    "The programs listed here are sample data for demonstration; check the official website for current offerings."
  );
}

async function seedDemoAccounts(prisma: PrismaClient) {
  const users = [];
  for (const account of DEMO_ACCOUNTS) {
    const existing = await prisma.user.findUnique({ where: { username: account.username } });
    users.push(
      existing ??
        (await prisma.user.create({
          data: {
            username: account.username,
            email: `${account.username}@example.com`,
            fullName: account.fullName,
            password: await hashPassword(account.password),
            role: account.role,
            adminType: account.adminType,
            // The demo team admin holds every permission a super admin can give, as every team
            // admin did when permissions came: the demo shows the whole admissions work.
            ...(account.adminType === "team" && { permissions: toDbPermissions(PERMISSIONS) }),
            // Demo accounts use example.com addresses nobody can receive: count them as verified.
            emailVerifiedAt: new Date(),
          },
        })),
    );
  }

  // Each student applies to five programs of the top-ranked universities, one in every status
  // (of any universities, in a database whose universities were seeded without demo rankings).
  const programs = await prisma.program.findMany({
    where: { university: { ranking: { lte: 20 } } },
    orderBy: [{ university: { ranking: "asc" } }, { id: "asc" }],
    select: { id: true, timeZone: true },
    take: 15,
  });
  if (programs.length === 0) {
    programs.push(
      ...(await prisma.program.findMany({
        orderBy: { id: "asc" },
        select: { id: true, timeZone: true },
        take: 15,
      })),
    );
  }
  const students = users.filter((u) => u.role === "user");
  const applications = students.flatMap((student, s) =>
    STATUSES.map((status, i) => {
      const program = programs[(s * STATUSES.length + i) % programs.length];
      const submittedAt = new Date(Date.now() - (s * 7 + i * 3 + 1) * 86_400_000);
      return {
        userId: student.id,
        programId: program.id,
        status,
        personalStatement: statementFor(student.fullName),
        academicHistory: {
          institution: "Riverside Secondary School",
          degree: "High School Diploma",
          gpa: (3.2 + ((s + i) % 8) / 10).toFixed(1),
          graduationYear: 2023 + (i % 2),
        },
        submittedAt,
        decideBy: dateOf(decideByDate(submittedAt, DEFAULT_DECIDE_BY_WORKING_DAYS, program.timeZone)),
      };
    }),
  );
  // Seeding again adds none: a student applies to each program once (a closed application would
  // not stop a second, since only open ones are unique per student and program).
  const seeded = await prisma.application.findMany({
    where: { userId: { in: students.map((s) => s.id) } },
    select: { userId: true, programId: true },
  });
  const taken = new Set(seeded.map((a) => `${a.userId}:${a.programId}`));
  await prisma.application.createMany({
    data: applications.filter((a) => !taken.has(`${a.userId}:${a.programId}`)),
  });

  // Each demo application's history: submitted, then reviewed by the demo admin up to its status.
  const admin = users.find((u) => u.username === "admin")!;
  const withoutHistory = await prisma.application.findMany({
    where: { userId: { in: students.map((s) => s.id) }, events: { none: {} } },
    select: { id: true, userId: true, status: true, submittedAt: true },
  });
  await prisma.applicationEvent.createMany({
    data: withoutHistory.flatMap((application) =>
      REVIEW_PATH[application.status as SeededStatus].map((to, step, path) => ({
        applicationId: application.id,
        actorId: step === 0 ? application.userId : admin.id,
        actorName: step === 0 ? students.find((s) => s.id === application.userId)!.fullName : admin.fullName,
        fromStatus: step === 0 ? null : path[step - 1],
        toStatus: to,
        note: step === 0 ? null : (REVIEW_NOTES[to] ?? null),
        createdAt: new Date(application.submittedAt.getTime() + step * 86_400_000),
      })),
    ),
  });
}

/** The review steps that lead to each status. */
const REVIEW_PATH: Record<SeededStatus, ApplicationStatus[]> = {
  pending: ["pending"],
  in_review: ["pending", "in_review"],
  rejected: ["pending", "in_review", "rejected"],
  sent_to_university: ["pending", "in_review", "sent_to_university"],
  approved: ["pending", "in_review", "sent_to_university", "approved"],
};

const REVIEW_NOTES: Partial<Record<ApplicationStatus, string | null>> = {
  pending: null,
  in_review: "Thanks, your documents are complete. We are reviewing your application.",
  rejected: "Unfortunately the program is full this year. Consider applying to a related program.",
  sent_to_university: "Your application has been forwarded to the university's admissions office.",
  approved: "Congratulations! The university has accepted your application.",
};

function statementFor(name: string): string {
  return (
    `My name is ${name}, and I am applying because this program matches both my academic record and the ` +
    "career I am working towards. During my final years at school I led a small research project on " +
    "renewable energy in our town, which taught me to plan work over months, to ask for help early, and to " +
    "present results clearly to people outside the field. I also volunteered as a tutor for younger " +
    "students, which showed me how much I enjoy explaining difficult ideas. I am looking for a program " +
    "with rigorous coursework, access to research groups and an international student body, and I believe " +
    "I would contribute curiosity, persistence and a collaborative attitude to the class."
  );
}

/** A `timestamp without time zone` literal in UTC, as Prisma stores DateTime. */
function utcTimestamp(date: Date): string {
  return date.toISOString().replace("Z", "");
}
