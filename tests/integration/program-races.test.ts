import { POST as createRoute } from "@/app/api/programs/route";
import { prisma } from "@/lib/db/client.server";
import { submitApplication } from "@/lib/applications/commands.server";
import { IMPORT_IN_PROGRESS, runImport } from "@/lib/import/run.server";
import { PROGRAM_KEY_TAKEN, RESTORE_KEY_TAKEN } from "@/lib/programs/key";
import {
  createProgram,
  PROGRAM_NOT_FOUND,
  restoreProgram,
  RESTORE_UNIVERSITY_FIRST,
  UNIVERSITY_ARCHIVED,
  updateProgram,
} from "@/lib/programs/commands.server";
import { PROGRAM_ARCHIVED } from "@/lib/applications/commands.server";
import type { ProgramInput } from "@/lib/validation/program";
import { stringify } from "csv-stringify/sync";
import { PROGRAM_COLUMNS } from "@/lib/import/columns";
import {
  cleanup,
  createProgram as insertProgram,
  createStudent,
  createSuperAdmin,
  createUniversity,
  remember,
  uniqueTag,
} from "../support/factories";
import { statusOf, whileUncommitted } from "../support/interleave";
import { testOnPostgres } from "../support/postgres-only";
import { signIn } from "../support/roles";
import { runImportWhenFree } from "../support/imports";

// A program's key (university, name, degree) is unique among live programs, and no live program
// sits under an archived university, whatever runs at the same time: parallel requests on either
// database, and on PostgreSQL a second transaction holding its change uncommitted while the write
// under test runs (the embedded database never interleaves two transactions).

const tag = uniqueTag();
const DAY_MS = 86_400_000;
const deadline = new Date(Date.now() + 90 * DAY_MS);
let actor: { id: number; fullName: string };

beforeAll(async () => {
  const admin = await createSuperAdmin();
  actor = { id: admin.id, fullName: admin.fullName };
});
afterAll(cleanup);

const input = (universityId: number, overrides: Partial<ProgramInput> = {}): ProgramInput => ({
  name: `Race ${tag} Studies`,
  description: "Parallel worlds and their consequences.",
  universityId,
  level: "Master's",
  field: "Natural Science",
  degree: "MSc",
  duration: 2,
  tuition: "1000.00",
  deadline,
  ...overrides,
});

const archiveUniversity = (universityId: number) => [
  {
    sql: `UPDATE "programs" SET "archivedAt" = now() WHERE "universityId" = $1 AND "archivedAt" IS NULL`,
    values: [universityId],
  },
  { sql: `UPDATE "universities" SET "archivedAt" = now() WHERE "id" = $1`, values: [universityId] },
];

async function rememberPrograms(universityId: number) {
  for (const program of await prisma.program.findMany({ where: { universityId } }))
    remember("program", program);
}

describe("a live program's key is unique", () => {
  test("parallel creates of one key: one 201, the others 409, one program", async () => {
    const university = await createUniversity({ name: `Key ${tag} University` });
    const admin = await signIn((await createSuperAdmin()).username);
    const body = {
      name: `Twin ${tag}`,
      universityId: String(university.id),
      level: "Master's",
      field: "Natural Science",
      degree: "MSc",
      duration: "2",
      tuition: "100",
      deadline: deadline.toISOString(),
      description: "Created four times at once.",
    };
    const responses = await Promise.all(
      Array.from({ length: 4 }, () => admin.call(createRoute, "/api/programs", { json: body })),
    );
    await rememberPrograms(university.id);
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    const refused = responses.find((r) => r.status === 409)!;
    expect(await refused.json()).toMatchObject({
      error: PROGRAM_KEY_TAKEN,
      fieldErrors: { name: [PROGRAM_KEY_TAKEN] },
    });
    expect(await prisma.program.count({ where: { universityId: university.id } })).toBe(1);
  });

  test("a rename onto a live program's key is 409; an archived program's key is free", async () => {
    const university = await createUniversity({
      programs: [
        { name: `Law ${tag}`, degree: "LLB" },
        { name: `Other ${tag}`, degree: "LLB" },
      ],
    });
    const [law, other] = university.programs;
    const rename = () =>
      updateProgram(
        actor,
        other.id,
        input(university.id, { name: law.name, degree: "LLB", level: "Bachelor's" }),
      );
    await expect(rename()).rejects.toMatchObject({ status: 409, message: PROGRAM_KEY_TAKEN });

    await prisma.program.update({ where: { id: law.id }, data: { archivedAt: new Date() } });
    await expect(rename()).resolves.toMatchObject({ name: law.name });
    await expect(restoreProgram(actor, law.id)).rejects.toMatchObject({
      status: 409,
      message: RESTORE_KEY_TAKEN,
    });
  });

  testOnPostgres("two import applies of one file at once write its programs once", async () => {
    const university = await createUniversity({ name: `Import ${tag} University` });
    const file = stringify([
      PROGRAM_COLUMNS.map((column) => column.name),
      ...[1, 2, 3].map((n) => {
        const row: Record<string, string> = {
          university: university.slug,
          name: `Imported ${tag} ${n}`,
          degree: "BSc",
          level: "Bachelor's",
          field: "Business",
          duration: "3",
          tuition: "9,500.00",
          deadline: deadline.toISOString(),
          description: "Imported twice at once.",
        };
        return PROGRAM_COLUMNS.map((column) => row[column.name] ?? "");
      }),
    ]);
    const apply = () =>
      runImport(prisma, actor, {
        type: "programs",
        fileName: "twice.csv",
        bytes: new TextEncoder().encode(file),
        apply: true,
      });
    const outcomes = await Promise.allSettled([apply(), apply()]);
    await rememberPrograms(university.id);
    expect(await prisma.program.count({ where: { universityId: university.id } })).toBe(3);
    const statuses = outcomes.map(statusOf);
    expect(statuses).toContain(200);
    for (const outcome of outcomes) {
      if (outcome.status === "rejected")
        expect(outcome.reason).toMatchObject({ status: 409, message: IMPORT_IN_PROGRESS });
    }
  });
});

describe("no live program under an archived university", () => {
  testOnPostgres("a program created while its university is being archived is refused", async () => {
    const university = await createUniversity();
    const outcome = await whileUncommitted(archiveUniversity(university.id), () =>
      createProgram(actor, input(university.id, { name: `Late ${tag}` })),
    );
    await rememberPrograms(university.id);
    expect(outcome).toMatchObject({
      status: "rejected",
      reason: { status: 400, message: UNIVERSITY_ARCHIVED },
    });
    expect(await prisma.program.count({ where: { universityId: university.id, archivedAt: null } })).toBe(0);
  });

  testOnPostgres("a program moved to a university being archived is refused", async () => {
    const [from, to] = [
      await createUniversity({ programs: [{ name: `Mover ${tag}` }] }),
      await createUniversity(),
    ];
    const program = from.programs[0];
    const outcome = await whileUncommitted(archiveUniversity(to.id), () =>
      updateProgram(actor, program.id, input(to.id, { name: program.name })),
    );
    expect(statusOf(outcome)).toBe(400);
    expect(await prisma.program.findUnique({ where: { id: program.id } })).toMatchObject({
      universityId: from.id,
      archivedAt: null,
    });
  });

  testOnPostgres("an edit that names no version waits for another edit, then is saved", async () => {
    const university = await createUniversity({ programs: [{ name: `Edited ${tag}` }] });
    const program = university.programs[0];
    const other = [
      {
        sql: `UPDATE "programs" SET "description" = 'The other edit.', "version" = "version" + 1 WHERE "id" = $1`,
        values: [program.id],
      },
    ];
    const outcome = await whileUncommitted(other, () =>
      updateProgram(
        actor,
        program.id,
        input(university.id, { name: program.name, description: "This edit." }),
      ),
    );
    expect(statusOf(outcome)).toBe(200);
    expect(await prisma.program.findUnique({ where: { id: program.id } })).toMatchObject({
      description: "This edit.",
      version: program.version + 2,
    });
  });

  testOnPostgres("a program restored while its university is being archived is refused", async () => {
    const university = await createUniversity({ programs: [{ name: `Restored ${tag}` }] });
    const program = university.programs[0];
    await prisma.program.update({ where: { id: program.id }, data: { archivedAt: new Date() } });
    const outcome = await whileUncommitted(archiveUniversity(university.id), () =>
      restoreProgram(actor, program.id),
    );
    expect(outcome).toMatchObject({
      status: "rejected",
      reason: { status: 409, message: RESTORE_UNIVERSITY_FIRST },
    });
    expect((await prisma.program.findUnique({ where: { id: program.id } }))?.archivedAt).toBeInstanceOf(Date);
  });

  testOnPostgres("an import apply while the university is being archived imports nothing", async () => {
    const university = await createUniversity();
    const file = stringify([
      PROGRAM_COLUMNS.map((column) => column.name),
      PROGRAM_COLUMNS.map(
        (column) =>
          ({
            university: university.slug,
            name: `Imported late ${tag}`,
            degree: "BSc",
            level: "Bachelor's",
            field: "Business",
            duration: "3",
            tuition: "1,000.00",
            deadline: deadline.toISOString(),
            description: "Imported during an archive.",
          })[column.name] ?? "",
      ),
    ]);
    const outcome = await whileUncommitted(archiveUniversity(university.id), () =>
      runImportWhenFree(prisma, actor, {
        type: "programs",
        fileName: "late.csv",
        bytes: new TextEncoder().encode(file),
        apply: true,
      }),
    );
    await rememberPrograms(university.id);
    expect(outcome).toMatchObject({
      status: "fulfilled",
      value: { applied: false, counts: { rejected: 1 } },
    });
    expect(await prisma.program.count({ where: { universityId: university.id } })).toBe(0);
  });

  test("the database refuses a live program under an archived university, and the reverse", async () => {
    const university = await createUniversity({ programs: [{ name: `Backstop ${tag}` }] });
    const program = university.programs[0];
    await expect(
      prisma.$executeRaw`UPDATE "universities" SET "archivedAt" = now() WHERE "id" = ${university.id}`,
    ).rejects.toThrow(/archived university cannot keep live programs/);
    await prisma.$transaction([
      prisma.$executeRaw`UPDATE "programs" SET "archivedAt" = now() WHERE "id" = ${program.id}`,
      prisma.$executeRaw`UPDATE "universities" SET "archivedAt" = now() WHERE "id" = ${university.id}`,
    ]);
    await expect(
      prisma.$executeRaw`UPDATE "programs" SET "archivedAt" = NULL WHERE "id" = ${program.id}`,
    ).rejects.toThrow(/live program cannot belong to an archived university/);
    await expect(insertProgram({ universityId: university.id, name: `Backstop new ${tag}` })).rejects.toThrow(
      /live program cannot belong to an archived university/,
    );
  });
});

describe("submitting while the program goes", () => {
  const statement = "I would love to study here. ".repeat(20);
  const history = { institution: "Riverside High", degree: "Diploma", gpa: "3.8", graduationYear: 2024 };
  const submitTo = (userId: number, programId: number) =>
    submitApplication(userId, { programId, personalStatement: statement, academicHistory: history });

  testOnPostgres("a submit while the program's archive is uncommitted is refused: 410", async () => {
    const student = await createStudent();
    const university = await createUniversity({ programs: [{ name: `Closing ${tag}` }] });
    const program = university.programs[0];
    const outcome = await whileUncommitted(
      [{ sql: `UPDATE "programs" SET "archivedAt" = now() WHERE "id" = $1`, values: [program.id] }],
      () => submitTo(student.id, program.id),
    );
    expect(outcome).toMatchObject({ status: "rejected", reason: { status: 410, message: PROGRAM_ARCHIVED } });
    expect(await prisma.application.count({ where: { programId: program.id } })).toBe(0);
  });

  testOnPostgres("a submit while the program's deletion is uncommitted is 404, not 500", async () => {
    const student = await createStudent();
    const university = await createUniversity({ programs: [{ name: `Deleted ${tag}` }] });
    const program = university.programs[0];
    const outcome = await whileUncommitted(
      [{ sql: `DELETE FROM "programs" WHERE "id" = $1`, values: [program.id] }],
      () => submitTo(student.id, program.id),
    );
    expect(outcome).toMatchObject({
      status: "rejected",
      reason: { status: 404, message: PROGRAM_NOT_FOUND },
    });
  });
});
