import { randomBytes } from "node:crypto";
import { dateOf, decideByDate } from "@/lib/applications/dates";
import { hashPassword } from "@/lib/auth/password.server";
import { PERMISSIONS, toDbPermissions, toPermissions, type Permission } from "@/lib/auth/staff-permissions";
import type { Viewer } from "@/lib/auth/viewer";
import { prisma } from "@/lib/db/client.server";
import type { ApplicationStatus } from "@/lib/generated/prisma/enums";
import { DEFAULT_DECIDE_BY_WORKING_DAYS } from "@/lib/settings/constants";

// The rows an integration test makes for itself. Every factory returns what it made and registers
// its ids in `createdRows`; `cleanup()` (in the file's afterAll) deletes exactly those rows, so no
// test depends on another's data or order. Rows a test makes through the API under test are
// registered with `remember()`. Seeded reference data (countries, study lists, the demo
// catalogue) is only read. Jest gives each test file its own module registry, hence its own tracker.

export function uniqueTag(): string {
  return `t${randomBytes(4).toString("hex")}`;
}

const KINDS = [
  "application",
  "scholarship",
  "program",
  "university",
  "user",
  "studyLevel",
  "studyField",
] as const;
export type RowKind = (typeof KINDS)[number];

/** The ids of the rows this test file created, by kind. */
export const createdRows: Record<RowKind, Set<number>> = Object.fromEntries(
  KINDS.map((kind) => [kind, new Set<number>()]),
) as Record<RowKind, Set<number>>;

/** Registers a row the test made some other way (through the API under test), for `cleanup()`. */
export function remember<T extends { id: number }>(kind: RowKind, row: T): T {
  createdRows[kind].add(row.id);
  return row;
}

/** Deletes every registered row: children first, so nothing is left referring to them. */
export async function cleanup(): Promise<void> {
  const ids = (kind: RowKind) => ({ id: { in: [...createdRows[kind]] } });
  // Applications keep their program from being deleted (ON DELETE RESTRICT): remove those made
  // through the API on this file's programs and universities too.
  await prisma.application.deleteMany({
    where: {
      OR: [
        ids("application"),
        { programId: { in: [...createdRows.program] } },
        { program: { universityId: { in: [...createdRows.university] } } },
      ],
    },
  });
  await prisma.scholarship.deleteMany({ where: ids("scholarship") });
  await prisma.program.deleteMany({ where: ids("program") });
  await prisma.university.deleteMany({ where: ids("university") }); // with their other programs
  await prisma.user.deleteMany({ where: ids("user") }); // with their applications and drafts
  await prisma.studyLevel.deleteMany({ where: ids("studyLevel") });
  await prisma.studyField.deleteMany({ where: ids("studyField") });
  for (const kind of KINDS) createdRows[kind].clear();
}

// ---- users ----

/** The password of every factory-made account unless the test gives another. */
export const TEST_PASSWORD = "factory password 2026";
export type Role = "student" | "team" | "super";

const hashes = new Map<string, Promise<string>>();
/** Argon2 is deliberately slow: hash each distinct password once per file. */
function hashed(password: string): Promise<string> {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  return hashes.get(password)!;
}

export interface UserOptions {
  role?: Role;
  /** Defaults to `<role>_<random tag>`; the e-mail to `<username>@example.test`. */
  username?: string;
  email?: string;
  fullName?: string;
  /** The plain password (TEST_PASSWORD by default); null for an account without one. */
  password?: string | null;
  isActive?: boolean;
  createdAt?: Date;
  /**
   * A team admin's grants. By default a factory team admin holds every permission, as every team
   * admin did when permissions came (the migration kept what they could do), so a test about
   * something else acts as a working team member; a test of the team's default passes [] (or
   * the grants it is about). Refused for other roles: only team admins hold grants.
   */
  permissions?: readonly Permission[];
}

export async function createUser(options: UserOptions = {}) {
  const role = options.role ?? "student";
  const username = options.username ?? `${role}_${uniqueTag()}`;
  const password = options.password === undefined ? TEST_PASSWORD : options.password;
  if (options.permissions && role !== "team") throw new Error("only team admins hold permissions");
  const permissions = role === "team" ? (options.permissions ?? PERMISSIONS) : [];
  const user = await prisma.user.create({
    data: {
      username,
      email: options.email ?? `${username}@example.test`,
      fullName: options.fullName ?? `Test ${role} ${username}`,
      password: password === null ? null : await hashed(password),
      role: role === "student" ? "user" : "admin",
      adminType: role === "student" ? null : role,
      permissions: toDbPermissions(permissions),
      isActive: options.isActive,
      createdAt: options.createdAt,
    },
  });
  return remember("user", user);
}

/** A factory-made account as the session loads it: what domain functions take as their viewer. */
export function viewerOf(user: Awaited<ReturnType<typeof createUser>>): Viewer {
  return {
    id: user.id,
    username: user.username,
    fullName: user.fullName,
    email: user.email,
    role: user.role,
    adminType: user.adminType,
    permissions: toPermissions(user.permissions),
  };
}

export const createStudent = (options: Omit<UserOptions, "role"> = {}) =>
  createUser({ ...options, role: "student" });
export const createTeamAdmin = (options: Omit<UserOptions, "role"> = {}) =>
  createUser({ ...options, role: "team" });
export const createSuperAdmin = (options: Omit<UserOptions, "role"> = {}) =>
  createUser({ ...options, role: "super" });

// ---- universities and programs ----

export interface ProgramSpec {
  name?: string;
  degree?: string;
  /** A name from the seeded study levels: "Bachelor's", "Master's", "PhD". */
  level?: string;
  /** A name from the seeded study fields, "Business" by default. */
  field?: string;
  tuition?: number;
  duration?: number;
  deadline?: Date;
  /** The IANA zone the deadline day ends in; the column's default (UTC) unless given. */
  timeZone?: string;
}

const LEVEL_BY_PREFIX: Record<string, string> = { B: "Bachelor's", L: "Bachelor's", M: "Master's" };

function programData(p: ProgramSpec) {
  const name = p.name ?? `Program ${uniqueTag()}`;
  const degree = p.degree ?? "BSc";
  return {
    name,
    degree,
    level: p.level ?? LEVEL_BY_PREFIX[degree[0]] ?? "PhD",
    field: p.field ?? "Business",
    tuition: p.tuition ?? 10_000,
    duration: p.duration ?? 3,
    deadline: p.deadline ?? new Date(Date.now() + 90 * 86_400_000),
    ...(p.timeZone ? { timeZone: p.timeZone } : {}),
    description: `${degree} ${name}`,
  };
}

export async function createUniversity(
  options: {
    name?: string;
    countryCode?: string;
    /** With a source ("Test ranking" unless given), as the admin form requires. */
    ranking?: number | null;
    rankingSource?: string | null;
    rankingYear?: number | null;
    programs?: ProgramSpec[];
  } = {},
) {
  const name = options.name ?? `University ${uniqueTag()}`;
  const country = await prisma.country.findUniqueOrThrow({ where: { code: options.countryCode ?? "NZ" } });
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  const university = await prisma.university.create({
    data: {
      name,
      slug,
      countryId: country.id,
      ranking: options.ranking ?? null,
      rankingSource:
        options.rankingSource !== undefined
          ? options.rankingSource
          : options.ranking != null
            ? "Test ranking"
            : null,
      rankingYear: options.rankingYear ?? null,
      description: `${name} is a test university.`,
      programs: { create: (options.programs ?? []).map(programData) },
    },
    include: { programs: { orderBy: { id: "asc" } } },
  });
  for (const program of university.programs) remember("program", program);
  return remember("university", university);
}

/** A program of an existing university (a test university, or a seeded one read by the test). */
export async function createProgram(options: ProgramSpec & { universityId: number; createdAt?: Date }) {
  const { universityId, createdAt, ...spec } = options;
  const program = await prisma.program.create({ data: { ...programData(spec), universityId, createdAt } });
  return remember("program", program);
}

// ---- applications ----

export async function createApplication(options: {
  userId: number;
  programId: number;
  status?: ApplicationStatus;
  submittedAt?: Date;
  /** The decide-by day ("2027-03-12"); by default the setting's default working days after submission. */
  decideBy?: string;
  /** The open offer's reply-by day, for an approved application. */
  replyBy?: string;
}) {
  const submittedAt = options.submittedAt ?? new Date();
  const { timeZone } = await prisma.program.findUniqueOrThrow({
    where: { id: options.programId },
    select: { timeZone: true },
  });
  const application = await prisma.application.create({
    data: {
      userId: options.userId,
      programId: options.programId,
      status: options.status ?? "pending",
      submittedAt,
      decideBy: dateOf(
        options.decideBy ?? decideByDate(submittedAt, DEFAULT_DECIDE_BY_WORKING_DAYS, timeZone),
      ),
      replyBy: options.replyBy ? dateOf(options.replyBy) : null,
      personalStatement: "A statement written for a test. ".repeat(20),
      academicHistory: {
        institution: "Test Secondary School",
        degree: "High School Diploma",
        gpa: "3.8",
        graduationYear: 2024,
      },
    },
  });
  return remember("application", application);
}

/** A pending application of a new student to the one program of a new university; the student with it. */
export async function createStudentApplication(programName = "Applied Studies") {
  const student = await createStudent();
  const { programs } = await createUniversity({ programs: [{ name: programName }] });
  const application = await createApplication({ userId: student.id, programId: programs[0].id });
  return { student, application };
}

// ---- study lists (settings) ----

export async function createStudyLevel(name = `Level ${uniqueTag()}`, position = 99) {
  return remember("studyLevel", await prisma.studyLevel.create({ data: { name, position } }));
}

export async function createStudyField(name = `Field ${uniqueTag()}`, position = 99) {
  return remember("studyField", await prisma.studyField.create({ data: { name, position } }));
}

// ---- scholarships ----

export interface ScholarshipSpec {
  name?: string;
  /** The provider; a unique one by default, so a search for it finds this test's rows alone. */
  provider?: string;
  amountMin?: string | null;
  amountMax?: string | null;
  currency?: string | null;
  nationalities?: string[];
  /** Seeded study level and field names; none: any. */
  levels?: string[];
  fields?: string[];
  minGrade?: number | null;
  /** Null: no fixed deadline; 60 days ahead unless given. */
  deadline?: Date | null;
  timeZone?: string;
  universityId?: number | null;
  programId?: number | null;
  studyCountry?: string | null;
  archivedAt?: Date | null;
}

/** Midnight UTC of the day `days` from today (UTC): how deadline days are stored. */
export function daysFromToday(days: number): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days));
}

/** A scholarship written directly (the API's own tests go through the API). */
export async function createScholarship(spec: ScholarshipSpec = {}) {
  const { levels = [], fields = [], ...rest } = spec;
  const scholarship = await prisma.scholarship.create({
    data: {
      name: rest.name ?? `Scholarship ${uniqueTag()}`,
      provider: rest.provider ?? `Provider ${uniqueTag()}`,
      amountMin: rest.amountMin === undefined ? "5000.00" : rest.amountMin,
      amountMax: rest.amountMax ?? null,
      currency: rest.currency === undefined ? "USD" : rest.currency,
      nationalities: rest.nationalities ?? [],
      minGrade: rest.minGrade ?? null,
      deadline: rest.deadline === undefined ? daysFromToday(60) : rest.deadline,
      ...(rest.timeZone ? { timeZone: rest.timeZone } : {}),
      officialUrl: "https://www.example.org/scholarship",
      universityId: rest.universityId ?? null,
      programId: rest.programId ?? null,
      studyCountry: rest.studyCountry ?? null,
      archivedAt: rest.archivedAt ?? null,
      levels: { create: levels.map((level) => ({ level })) },
      fields: { create: fields.map((field) => ({ field })) },
    },
  });
  return remember("scholarship", scholarship);
}
