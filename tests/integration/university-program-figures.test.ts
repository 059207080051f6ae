import { DELETE as deleteProgramRoute, PATCH as patchProgramRoute } from "@/app/api/programs/[id]/route";
import { POST as restoreProgramRoute } from "@/app/api/programs/[id]/restore/route";
import { POST as createProgramRoute } from "@/app/api/programs/route";
import { DELETE as deleteUniversityRoute } from "@/app/api/universities/[id]/route";
import { POST as restoreUniversityRoute } from "@/app/api/universities/[id]/restore/route";
import { stringify } from "csv-stringify/sync";
import { getDashboardStats } from "@/lib/dashboard/stats.server";
import { prisma } from "@/lib/db/client.server";
import { PROGRAM_COLUMNS } from "@/lib/import/columns";
import { runImport } from "@/lib/import/run.server";
import { listAdminPrograms, listPrograms } from "@/lib/programs/queries.server";
import type { Agent } from "../support/agent";
import {
  cleanup,
  createApplication,
  createProgram,
  createStudent,
  createSuperAdmin,
  createUniversity,
  remember,
  uniqueTag,
  viewerOf,
} from "../support/factories";
import { whenNoOtherImport } from "../support/imports";
import { whileUncommitted } from "../support/interleave";
import { describeOnPostgres } from "../support/postgres-only";
import { signIn } from "../support/roles";

// Each university keeps the number of its live programs, their lowest tuition and the number of
// its archived programs (programCount, minTuitionUsd: in US dollars, archivedProgramCount): triggers on programs
// keep them in the transaction of every write. After each kind of write they must be what the
// programs say, and the dashboard and the unfiltered program lists count from them.

const tag = uniqueTag();
const DAY_MS = 86_400_000;
const deadline = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + 90 * DAY_MS);
};

let admin: Agent;
let actor: ReturnType<typeof viewerOf>;

/** The stored figures and the ones the programs give, for `ids`. */
async function figures(ids: number[]) {
  return prisma.$queryRaw<
    { id: number; stored: [number, string | null, number]; actual: [number, string | null, number] }[]
  >`
    SELECT u."id",
           json_build_array(u."programCount", u."minTuitionUsd"::text, u."archivedProgramCount") AS "stored",
           json_build_array(
             (SELECT count(*)::int FROM "programs" p WHERE p."universityId" = u."id" AND p."archivedAt" IS NULL),
             (SELECT min(p."tuitionUsd")::text FROM "programs" p WHERE p."universityId" = u."id" AND p."archivedAt" IS NULL),
             (SELECT count(*)::int FROM "programs" p WHERE p."universityId" = u."id" AND p."archivedAt" IS NOT NULL)
           ) AS "actual"
      FROM "universities" u WHERE u."id" = ANY(${ids}::int[]) ORDER BY u."id"`;
}

/** Each university's stored figures equal its programs': [live, lowest live tuition, archived]. */
async function expectCurrent(...ids: number[]) {
  const rows = await figures(ids);
  expect(rows.map((row) => row.id)).toEqual([...ids].sort((a, b) => a - b));
  for (const row of rows)
    expect({ id: row.id, figures: row.stored }).toEqual({ id: row.id, figures: row.actual });
  return rows;
}

/** The stored figures of one university. */
async function storedOf(id: number) {
  const [row] = await figures([id]);
  return row.stored;
}

const programBody = (universityId: number, overrides: Record<string, unknown> = {}) => ({
  name: `Figures ${tag} ${uniqueTag()}`,
  universityId: String(universityId),
  level: "Master's",
  field: "Business",
  degree: "MSc",
  duration: "2",
  tuition: "12,000.00",
  deadline: deadline().toISOString(),
  description: "A program of the figures test.",
  ...overrides,
});

async function createThroughApi(universityId: number, overrides: Record<string, unknown> = {}) {
  const response = await admin.call(createProgramRoute, "/api/programs", {
    json: programBody(universityId, overrides),
  });
  expect(response.status).toBe(201);
  return remember("program", (await response.json()) as { id: number; version: number });
}

beforeAll(async () => {
  const superAdmin = await createSuperAdmin({ username: `figures${tag}` });
  actor = viewerOf(superAdmin);
  admin = await signIn(superAdmin.username);
});

afterAll(cleanup);

test("the seed, the migration and every earlier file's writes left every university's figures current", async () => {
  const [{ stale }] = await prisma.$queryRaw<{ stale: number }[]>`
    SELECT count(*)::int AS "stale" FROM "universities" u
     WHERE (u."programCount", u."minTuitionUsd", u."archivedProgramCount") IS DISTINCT FROM (
       (SELECT count(*)::int FROM "programs" p WHERE p."universityId" = u."id" AND p."archivedAt" IS NULL),
       (SELECT min(p."tuitionUsd") FROM "programs" p WHERE p."universityId" = u."id" AND p."archivedAt" IS NULL),
       (SELECT count(*)::int FROM "programs" p WHERE p."universityId" = u."id" AND p."archivedAt" IS NOT NULL))`;
  expect(stale).toBe(0);
  const [{ seeded }] = await prisma.$queryRaw<{ seeded: number }[]>`
    SELECT count(*)::int AS "seeded" FROM "universities" WHERE "programCount" > 0`;
  expect(seeded).toBeGreaterThan(1_000);
});

test("a university made with programs, then a program added directly", async () => {
  const university = await createUniversity({
    programs: [
      { name: `Raw ${tag} A`, tuition: 9_000 },
      { name: `Raw ${tag} B`, tuition: 4_000 },
    ],
  });
  expect(await storedOf(university.id)).toEqual([2, "4000.00", 0]);
  await createProgram({ universityId: university.id, name: `Raw ${tag} C`, tuition: 1_500 });
  expect(await storedOf(university.id)).toEqual([3, "1500.00", 0]);
  await expectCurrent(university.id);
});

test("create, change the tuition, move to another university, delete: through the API", async () => {
  const first = await createUniversity();
  const second = await createUniversity({ programs: [{ name: `Stays ${tag}`, tuition: 20_000 }] });
  expect(await storedOf(first.id)).toEqual([0, null, 0]);

  const program = await createThroughApi(first.id, { tuition: "8,000.00" });
  expect(await storedOf(first.id)).toEqual([1, "8000.00", 0]);

  const cheaper = await admin.call(patchProgramRoute, `/api/programs/${program.id}`, {
    method: "PATCH",
    params: { id: String(program.id) },
    json: { ...programBody(first.id, { tuition: "3,000.50" }), version: program.version },
  });
  expect(cheaper.status).toBe(200);
  expect(await storedOf(first.id)).toEqual([1, "3000.50", 0]);

  const moved = await admin.call(patchProgramRoute, `/api/programs/${program.id}`, {
    method: "PATCH",
    params: { id: String(program.id) },
    json: { ...programBody(second.id, { tuition: "3,000.50" }), version: program.version + 1 },
  });
  expect(moved.status).toBe(200);
  expect(await storedOf(first.id)).toEqual([0, null, 0]);
  expect(await storedOf(second.id)).toEqual([2, "3000.50", 0]);

  const removed = await admin.call(deleteProgramRoute, `/api/programs/${program.id}`, {
    method: "DELETE",
    params: { id: String(program.id) },
  });
  expect(removed.status).toBe(204);
  expect(await storedOf(second.id)).toEqual([1, "20000.00", 0]);
  await expectCurrent(first.id, second.id);
});

test("archive and restore a program, then its university", async () => {
  const university = await createUniversity({
    programs: [
      { name: `Applied ${tag}`, tuition: 5_000 },
      { name: `Other ${tag}`, tuition: 7_000 },
    ],
  });
  const [applied] = university.programs;
  const student = await createStudent();
  await createApplication({ userId: student.id, programId: applied.id });

  const archived = await admin.call(deleteProgramRoute, `/api/programs/${applied.id}`, {
    method: "DELETE",
    params: { id: String(applied.id) },
  });
  expect(archived.status).toBe(200);
  expect(await storedOf(university.id)).toEqual([1, "7000.00", 1]);

  const restored = await admin.call(restoreProgramRoute, `/api/programs/${applied.id}/restore`, {
    params: { id: String(applied.id) },
  });
  expect(restored.status).toBe(200);
  expect(await storedOf(university.id)).toEqual([2, "5000.00", 0]);

  const universityArchived = await admin.call(deleteUniversityRoute, `/api/universities/${university.id}`, {
    method: "DELETE",
    params: { id: String(university.id) },
  });
  expect(universityArchived.status).toBe(200);
  expect(await storedOf(university.id)).toEqual([0, null, 2]);

  const universityRestored = await admin.call(
    restoreUniversityRoute,
    `/api/universities/${university.id}/restore`,
    { params: { id: String(university.id) } },
  );
  expect(universityRestored.status).toBe(200);
  expect(await storedOf(university.id)).toEqual([2, "5000.00", 0]);
  await expectCurrent(university.id);
});

test("an import that creates and updates programs", async () => {
  const university = await createUniversity({ programs: [{ name: `Imported ${tag} kept`, degree: "BSc" }] });
  const [kept] = university.programs;
  const header = PROGRAM_COLUMNS.map((column) => column.name);
  const row = (values: Record<string, string>) =>
    header.map(
      (name) =>
        ({
          university: university.slug,
          level: "Bachelor's",
          field: "Business",
          duration: "3",
          deadline: deadline().toISOString(),
          description: "A program made by an import.",
          ...values,
        })[name],
    );
  const file = stringify([
    header,
    row({ name: `Imported ${tag} new`, degree: "BA", tuition: "2,500.00" }),
    row({ name: kept.name, degree: kept.degree, tuition: "1,250.00" }),
  ]);
  const apply = () =>
    runImport(prisma, actor, {
      type: "programs",
      fileName: "figures.csv",
      bytes: new TextEncoder().encode(file),
      apply: true,
    });
  const report = await whenNoOtherImport(apply);
  expect(report.counts).toMatchObject({ created: 1, updated: 1, rejected: 0 });
  for (const program of await prisma.program.findMany({ where: { universityId: university.id } }))
    remember("program", program);
  expect(await storedOf(university.id)).toEqual([2, "1250.00", 0]);
  await expectCurrent(university.id);
});

test("the dashboard and the unfiltered program lists count from the figures, exactly", async () => {
  // Other files write programs meanwhile: read the counts and the figures until no write fell
  // between them.
  const read = async () => {
    const counted = () =>
      prisma.$queryRaw<{ live: number; all: number; universities: number }[]>`
        SELECT (SELECT count(*)::int FROM "programs" WHERE "archivedAt" IS NULL) AS "live",
               (SELECT count(*)::int FROM "programs") AS "all",
               (SELECT count(*)::int FROM "universities" WHERE "archivedAt" IS NULL) AS "universities"`;
    const [before] = await counted();
    const stats = await getDashboardStats();
    const publicList = await listPrograms({ limit: 5, offset: 0 });
    const adminList = await listAdminPrograms({ order: "newest", limit: 5, offset: 0 });
    const [after] = await counted();
    return { before, after, stats, publicList, adminList };
  };
  let seen = await read();
  for (let tries = 0; JSON.stringify(seen.before) !== JSON.stringify(seen.after) && tries < 10; tries++)
    seen = await read();
  const { after, stats, publicList, adminList } = seen;
  expect(stats.programs.total).toBe(after.live);
  expect(stats.universities.total).toBe(after.universities);
  expect(publicList).toMatchObject({ total: after.live });
  expect(publicList.approximate).toBeFalsy();
  expect(adminList).toMatchObject({ total: after.all });
  expect(adminList.approximate).toBeFalsy();
});

describeOnPostgres("writes to the same university's programs at once", () => {
  test("a program created while another's insert is uncommitted: both counted", async () => {
    const university = await createUniversity({ programs: [{ name: `Race ${tag} first`, tuition: 6_000 }] });
    const outcome = await whileUncommitted(
      [
        {
          sql: `INSERT INTO "programs" ("universityId", "name", "description", "level", "field", "degree", "duration", "tuition", "deadline", "updatedAt")
                VALUES ($1, $2, 'Raced.', 'Master''s', 'Business', 'MBA', 2, 3000, now() + interval '60 days', now())`,
          values: [university.id, `Race ${tag} session`],
        },
      ],
      () => createThroughApi(university.id, { tuition: "4,000.00" }),
    );
    expect(outcome.status).toBe("fulfilled");
    for (const program of await prisma.program.findMany({ where: { universityId: university.id } }))
      remember("program", program);
    expect(await storedOf(university.id)).toEqual([3, "3000.00", 0]);
  });

  test("two direct inserts, the second waiting for the first: both counted", async () => {
    const university = await createUniversity();
    const outcome = await whileUncommitted(
      [
        {
          sql: `INSERT INTO "programs" ("universityId", "name", "description", "level", "field", "degree", "duration", "tuition", "deadline", "updatedAt")
                VALUES ($1, $2, 'Raced.', 'Master''s', 'Business', 'MBA', 2, 8000, now() + interval '60 days', now())`,
          values: [university.id, `Direct ${tag} session`],
        },
      ],
      () => createProgram({ universityId: university.id, name: `Direct ${tag} test`, tuition: 9_000 }),
    );
    expect(outcome.status).toBe("fulfilled");
    for (const program of await prisma.program.findMany({ where: { universityId: university.id } }))
      remember("program", program);
    expect(await storedOf(university.id)).toEqual([2, "8000.00", 0]);
  });
});
