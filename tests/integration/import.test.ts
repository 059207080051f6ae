import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { stringify } from "csv-stringify/sync";
import { GET as exportPrograms } from "@/app/api/programs/export.csv/route";
import { POST as importProgramsRoute } from "@/app/api/import/programs/route";
import { POST as importUniversitiesRoute } from "@/app/api/import/universities/route";
import { GET as templateRoute } from "@/app/api/import/template/route";
import { prisma } from "@/lib/db/client.server";
import { DEGREES } from "@/lib/constants";
import { PROGRAM_COLUMNS, UNIVERSITY_COLUMNS, type ImportReport } from "@/lib/import/columns";
import { duplicateRow, IMPORT_HAS_REJECTED, NO_UNIVERSITY_KEY } from "@/lib/import/run.server";
import { TUITION_MESSAGE } from "@/lib/programs/tuition";
import { DURATION_INVALID, UNIVERSITY_NOT_FOUND } from "@/lib/validation/program-form";
import { INVALID_COUNTRY } from "@/lib/validation/university";
import type { Agent } from "../support/agent";
import {
  cleanup,
  createProgram,
  createSuperAdmin,
  createUniversity,
  remember,
  uniqueTag,
} from "../support/factories";
import { signIn } from "../support/roles";
import { TSX_SCRIPT_FLAGS } from "../support/scripts";
import { runImportWhenFree, whenNoOtherImport } from "../support/imports";

// Bulk import: the exact dry-run report of a file with good, duplicate and bad rows;
// apply writes exactly those rows in one transaction; a second apply changes nothing; a failure
// halfway leaves the database as it was; the command line and the route give the same report.

const tag = uniqueTag();
const DAY_MS = 86_400_000;
const future = (days: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + days * DAY_MS);
};
const deadline = future(120).toISOString();

let admin: Agent;
let adminActor: { id: number; fullName: string };
let university: Awaited<ReturnType<typeof createUniversity>>;
let kept: Awaited<ReturnType<typeof createProgram>>;
let changed: Awaited<ReturnType<typeof createProgram>>;
let workDir: string;

const PROGRAM_HEADER = PROGRAM_COLUMNS.map((column) => column.name);
const csv = (rows: unknown[][]) => stringify(rows);
const programRow = (overrides: Partial<Record<string, string>> = {}) => {
  const row: Record<string, string> = {
    university: university.slug,
    name: `Imported ${tag}`,
    degree: "BSc",
    level: "Bachelor's",
    field: "Business",
    duration: "3",
    tuition: "9,500.00",
    deadline,
    description: "A program made by an import.",
    ...overrides,
  };
  return PROGRAM_HEADER.map((name) => row[name]);
};
const rowOf = (program: typeof kept, overrides: Partial<Record<string, string>> = {}) =>
  programRow({
    name: program.name,
    degree: program.degree,
    level: program.level,
    field: program.field,
    duration: String(program.duration),
    tuition: program.tuition.toFixed(2),
    deadline: program.deadline.toISOString(),
    description: program.description,
    ...overrides,
  });

const importPrograms = (file: string, query = "") =>
  whenNoOtherImport(() =>
    admin.call(importProgramsRoute, `/api/import/programs?fileName=programs.csv${query}`, {
      body: new TextEncoder().encode(file),
      headers: { "content-type": "text/csv" },
    }),
  );
const programsOf = () =>
  prisma.program.findMany({
    where: { universityId: university.id },
    orderBy: { id: "asc" },
    select: { id: true, name: true, degree: true, tuition: true, deadline: true, updatedAt: true },
  });

beforeAll(async () => {
  const account = await createSuperAdmin({ username: `import_${tag}` });
  adminActor = { id: account.id, fullName: account.fullName };
  admin = await signIn(account.username);
  university = await createUniversity({ name: `Import University ${tag}` });
  kept = await createProgram({
    universityId: university.id,
    name: `Kept ${tag}`,
    degree: "MSc",
    deadline: future(60),
  });
  changed = await createProgram({
    universityId: university.id,
    name: `Changed ${tag}`,
    degree: "MSc",
    deadline: future(60),
  });
  workDir = mkdtempSync(join(tmpdir(), "import-test-"));
});

afterAll(async () => {
  rmSync(workDir, { recursive: true, force: true });
  await cleanup();
});

const goodRows = () => [
  programRow(), // created
  rowOf(changed, { tuition: "11000.00" }), // updated
  rowOf(kept), // unchanged
];
const mixedFile = () =>
  csv([
    PROGRAM_HEADER,
    ...goodRows(),
    programRow({ description: "The same key again." }), // duplicate of row 1
    programRow({ name: `Bad ${tag}`, degree: "XYZ", duration: "9", tuition: "abc" }),
    programRow({ university: `no-such-university-${tag}` }),
  ]);

const expectedMixedReport = (applied = false): ImportReport => ({
  type: "programs",
  fileName: "programs.csv",
  applied,
  counts: { total: 6, created: 1, updated: 1, unchanged: 1, rejected: 3 },
  rejected: [
    {
      row: 4,
      key: `${university.slug} / Imported ${tag} / BSc`,
      errors: [{ field: "name", message: duplicateRow(1) }],
    },
    {
      row: 5,
      key: `${university.slug} / Bad ${tag} / XYZ`,
      errors: [
        { field: "degree", message: `Degree must be one of: ${DEGREES.join(", ")}` },
        { field: "duration", message: DURATION_INVALID },
        { field: "tuition", message: TUITION_MESSAGE },
      ],
    },
    {
      row: 6,
      key: `no-such-university-${tag} / Imported ${tag} / BSc`,
      errors: [{ field: "university", message: UNIVERSITY_NOT_FOUND }],
    },
  ],
  changes: [
    { row: 1, key: `${university.slug} / Imported ${tag} / BSc`, outcome: "created", fields: [] },
    { row: 2, key: `${university.slug} / Changed ${tag} / MSc`, outcome: "updated", fields: ["tuition"] },
  ],
});

describe("programs", () => {
  test("the dry run reports each row exactly and changes nothing", async () => {
    const before = await programsOf();
    const response = await importPrograms(mixedFile());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(expectedMixedReport());
    expect(await programsOf()).toEqual(before);
  });

  test("applying a file with rejected rows imports nothing", async () => {
    const before = await programsOf();
    const response = await importPrograms(mixedFile(), "&apply=true");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ requestId: expect.any(String), error: IMPORT_HAS_REJECTED });
    expect(await programsOf()).toEqual(before);
  });

  test("the command line gives the route's report", async () => {
    const file = join(workDir, "programs.csv");
    writeFileSync(file, mixedFile());
    const run = promisify(execFile);
    const cli = await run(
      join(process.cwd(), "node_modules", ".bin", "tsx"),
      [...TSX_SCRIPT_FLAGS, "scripts/import.ts", file, "--dry-run", "--json"],
      { cwd: process.cwd(), env: process.env },
    ).catch((error: { stdout: string; code: number }) => error);
    // Rejected rows make the command fail (exit code 1), after printing the report.
    expect("code" in cli ? cli.code : 0).toBe(1);
    expect(JSON.parse(cli.stdout)).toEqual(expectedMixedReport());
  }, 60_000);

  test("apply creates and updates exactly the good rows, once, and records the import", async () => {
    const before = await programsOf();
    const file = csv([PROGRAM_HEADER, ...goodRows()]);
    const response = await importPrograms(file, "&apply=true");
    expect(response.status).toBe(200);
    const report = (await response.json()) as ImportReport;
    expect(report.applied).toBe(true);
    expect(report.counts).toEqual({ total: 3, created: 1, updated: 1, unchanged: 1, rejected: 0 });

    const after = await programsOf();
    expect(after).toHaveLength(before.length + 1);
    const created = after.find((p) => p.name === `Imported ${tag}`)!;
    for (const p of after) if (p.name !== `Imported ${tag}`) remember("program", p);
    remember("program", created);
    expect(created.tuition.toFixed(2)).toBe("9500.00");
    expect(after.find((p) => p.id === changed.id)!.tuition.toFixed(2)).toBe("11000.00");
    expect(after.find((p) => p.id === kept.id)).toEqual(before.find((p) => p.id === kept.id));

    const audit = await prisma.auditEvent.findFirst({
      where: { action: "import.programs", actorId: adminActor.id },
      orderBy: { id: "desc" },
    });
    expect(audit).toMatchObject({
      entityType: "import",
      entityId: "programs.csv",
      actorName: adminActor.fullName,
      after: { fileName: "programs.csv", type: "programs", total: 3, created: 1, updated: 1, unchanged: 1 },
    });

    // The same file again: every row unchanged, nothing written.
    const again = await importPrograms(file, "&apply=true");
    expect(((await again.json()) as ImportReport).counts).toEqual({
      total: 3,
      created: 0,
      updated: 0,
      unchanged: 3,
      rejected: 0,
    });
    expect(await programsOf()).toEqual(after);
  });

  test("a write failing halfway leaves the database unchanged", async () => {
    const before = await programsOf();
    const audits = await prisma.auditEvent.count({ where: { action: "import.programs" } });
    // A constraint the schemas do not know: the database refuses one row after others were written.
    const boom = `Boom ${tag}`;
    await prisma.$executeRawUnsafe(`
      CREATE FUNCTION import_test_${tag}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.name = '${boom}' THEN RAISE EXCEPTION 'refused by the test'; END IF;
        RETURN NEW;
      END $$`);
    await prisma.$executeRawUnsafe(
      `CREATE TRIGGER import_test_${tag} BEFORE INSERT ON "programs" FOR EACH ROW EXECUTE FUNCTION import_test_${tag}()`,
    );
    try {
      const file = csv([
        PROGRAM_HEADER,
        rowOf(changed, { tuition: "15000.00" }), // an update, written first
        programRow({ name: `Another ${tag}` }),
        programRow({ name: boom }),
      ]);
      await expect(
        runImportWhenFree(prisma, adminActor, {
          type: "programs",
          fileName: "boom.csv",
          bytes: new TextEncoder().encode(file),
          apply: true,
        }),
      ).rejects.toThrow(/refused by the test/);
    } finally {
      await prisma.$executeRawUnsafe(`DROP TRIGGER import_test_${tag} ON "programs"`);
      await prisma.$executeRawUnsafe(`DROP FUNCTION import_test_${tag}()`);
    }
    expect(await programsOf()).toEqual(before);
    expect(await prisma.auditEvent.count({ where: { action: "import.programs" } })).toBe(audits);
  });

  test("a past deadline may stay as it is, as in the edit form", async () => {
    const old = await createProgram({
      universityId: university.id,
      name: `Old ${tag}`,
      degree: "MA",
      level: "Master's",
    });
    const past = new Date(Date.UTC(2020, 0, 15));
    await prisma.program.update({ where: { id: old.id }, data: { deadline: past } });
    const stored = { ...old, deadline: past };
    const report = await runImportWhenFree(prisma, adminActor, {
      type: "programs",
      fileName: "old.csv",
      bytes: new TextEncoder().encode(
        csv([PROGRAM_HEADER, rowOf(stored), rowOf(stored, { name: `Old new ${tag}`, description: "New." })]),
      ),
      apply: false,
    });
    expect(report.counts).toMatchObject({ unchanged: 1, rejected: 1 });
    expect(report.rejected[0].errors).toEqual([
      { field: "deadline", message: "The deadline cannot be in the past" },
    ]);
  });

  test("the export imports as unchanged, and carries no live spreadsheet formula", async () => {
    // A name a spreadsheet would run: exported as text ('=...), read back as it was.
    await createProgram({
      universityId: university.id,
      name: `=HYPERLINK("http://evil.example","${uniqueTag()}")`,
      degree: "MSc",
    });
    // Only this file's university (the list's search): the seeded catalogue would make this slow.
    const exported = await admin.call(exportPrograms, `/api/programs/export.csv?q=${tag}`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const mine = await exported.text();
    expect(mine.split("\r\n").length).toBeGreaterThan(3);
    expect(mine).toContain(`,"'=HYPERLINK(""http://evil.example""`);
    expect(mine).not.toMatch(/(^|,)"?=HYPERLINK/m);
    const report = await runImportWhenFree(prisma, adminActor, {
      type: "programs",
      fileName: "export.csv",
      bytes: new TextEncoder().encode(mine),
      apply: false,
    });
    expect(report.counts).toEqual({
      total: report.counts.total,
      created: 0,
      updated: 0,
      unchanged: report.counts.total,
      rejected: 0,
    });
  });

  test("the documents a program asks for and its references import and export as lists", async () => {
    const name = `Documented ${tag}`;
    const asked = (id: number) =>
      prisma.programDocument
        .findMany({ where: { programId: id }, orderBy: { documentType: "asc" } })
        .then((rows) => rows.map((row) => [row.documentType, row.required]));
    const apply = async (rows: unknown[][]) =>
      runImportWhenFree(prisma, adminActor, {
        type: "programs",
        fileName: "documents.csv",
        bytes: new TextEncoder().encode(csv(rows)),
        apply: true,
      });

    const created = await apply([
      PROGRAM_HEADER,
      programRow({
        name,
        requiredDocuments: "Transcript ;Passport",
        optionalDocuments: "CV",
        referencesRequired: "2",
      }),
    ]);
    expect(created.counts).toMatchObject({ created: 1, rejected: 0 });
    const program = await prisma.program.findFirstOrThrow({ where: { universityId: university.id, name } });
    remember("program", program);
    expect(program.referencesRequired).toBe(2);
    expect(await asked(program.id)).toEqual([
      ["CV", false],
      ["Passport", true],
      ["Transcript", true],
    ]);

    // The export lists them as the import reads them, so it imports as unchanged.
    const exported = await (await admin.call(exportPrograms, `/api/programs/export.csv?q=${name}`)).text();
    // (Then the entry requirement columns, none stated.)
    expect(exported).toContain(",Passport; Transcript,CV,2,,,,,,,,,\r\n");
    const again = await runImportWhenFree(prisma, adminActor, {
      type: "programs",
      fileName: "export.csv",
      bytes: new TextEncoder().encode(exported),
      apply: false,
    });
    expect(again.counts).toMatchObject({ total: 1, unchanged: 1 });

    // A file without the columns keeps them; an empty cell asks for none.
    const header = PROGRAM_HEADER.filter((column) => !/Documents|references/.test(column));
    const without = programRow({ name, description: "Described again." }).slice(0, header.length);
    expect((await apply([header, without])).changes).toEqual([
      expect.objectContaining({ outcome: "updated", fields: ["description"] }),
    ]);
    expect(await asked(program.id)).toHaveLength(3);
    const cleared = await apply([
      PROGRAM_HEADER,
      programRow({
        name,
        description: "Described again.",
        requiredDocuments: "Transcript",
        optionalDocuments: "",
      }),
    ]);
    expect(cleared.changes).toEqual([
      expect.objectContaining({
        outcome: "updated",
        fields: ["referencesRequired", "requiredDocuments", "optionalDocuments"],
      }),
    ]);
    expect(await asked(program.id)).toEqual([["Transcript", true]]);
    expect((await prisma.program.findUniqueOrThrow({ where: { id: program.id } })).referencesRequired).toBe(
      0,
    );

    // A name that is no document type, or one listed twice over, is refused with the row.
    const refused = await apply([
      PROGRAM_HEADER,
      programRow({ name, description: "Described again.", requiredDocuments: "Transcript; Horoscope" }),
      programRow({ name: `${name} 2`, requiredDocuments: "CV", optionalDocuments: "CV" }),
    ]);
    expect(refused.applied).toBe(false);
    expect(refused.rejected.map((row) => row.errors)).toEqual([
      [{ field: "requiredDocuments", message: "Required documents: not a document type: Horoscope" }],
      [{ field: "optionalDocuments", message: "A document is either required or optional, not both: CV" }],
    ]);
  });

  test("a file that cannot be read is a 400 that says what to do", async () => {
    const cases: [string | Uint8Array, RegExp][] = [
      ["", /empty/],
      ["university,name\n", /lacks the columns/],
      ["university,name,nonsense\n", /Unknown column "nonsense"/],
      [new Uint8Array([0xff, 0xfe, 0x00]), /UTF-8/],
      [`${PROGRAM_HEADER.join(",")}\n"unterminated`, /not valid CSV/],
      ["[1, 2]", /array of objects/],
    ];
    for (const [body, message] of cases) {
      const response = await admin.call(importProgramsRoute, "/api/import/programs", {
        body,
        headers: { "content-type": "text/csv" },
      });
      expect(response.status).toBe(400);
      expect((await response.json()).error).toMatch(message);
    }
  });

  test("a large file is read in pieces, characters split between pieces included", async () => {
    // About 400 KB: descriptions of "é" (two bytes each) cross the 64 KB pieces at odd offsets.
    const rows = Array.from({ length: 200 }, (_, i) =>
      programRow({ name: `Piece ${i} ${tag}`, description: `${"é".repeat(1000 + i)}x` }),
    );
    const report = await runImportWhenFree(prisma, adminActor, {
      type: "programs",
      fileName: "large.csv",
      bytes: new TextEncoder().encode(csv([PROGRAM_HEADER, ...rows])),
      apply: false,
    });
    expect(report.counts).toEqual({ total: 200, created: 200, updated: 0, unchanged: 0, rejected: 0 });
  });

  test("the template has the documented columns", async () => {
    const response = await admin.call(templateRoute, "/api/import/template?type=programs");
    expect(response.status).toBe(200);
    expect((await response.text()).split("\r\n")[0]).toBe(PROGRAM_HEADER.join(","));
  });
});

describe("universities", () => {
  const header = UNIVERSITY_COLUMNS.map((column) => column.name);
  const importUniversities = (rows: unknown[][], query = "") =>
    admin.call(importUniversitiesRoute, `/api/import/universities?fileName=universities.json${query}`, {
      body: JSON.stringify(rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i]])))),
      headers: { "content-type": "application/json" },
    });
  const row = (values: Partial<Record<string, string | number>>) => header.map((name) => values[name] ?? "");

  test("rows match by slug or website; a second import changes nothing", async () => {
    const host = `${tag}.example.edu`;
    await prisma.university.update({
      where: { id: university.id },
      data: { webPage: `https://www.${host}/` },
    });
    const rows = [
      row({
        slug: `new-${tag}`,
        name: `New ${tag}`,
        country: "NZ",
        webPage: `https://new-${tag}.example.org/`,
      }),
      row({ name: `Renamed ${tag}`, country: "NZ", webPage: `http://${host}/admissions` }), // by host
      row({ slug: `new-${tag}`, name: `Again ${tag}`, country: "NZ" }),
      row({ name: `Nowhere ${tag}`, country: "Atlantis" }),
      row({ name: `Ranked ${tag}`, country: "NZ", slug: `ranked-${tag}`, ranking: 5 }),
    ];
    const dry = await importUniversities(rows);
    expect(dry.status).toBe(200);
    expect(await dry.json()).toEqual({
      type: "universities",
      fileName: "universities.json",
      applied: false,
      counts: { total: 5, created: 1, updated: 1, unchanged: 0, rejected: 3 },
      rejected: [
        { row: 3, key: `new-${tag}`, errors: [{ field: "slug", message: duplicateRow(1) }] },
        {
          row: 4,
          key: `Nowhere ${tag}`,
          errors: [
            { field: "country", message: INVALID_COUNTRY },
            { field: "slug", message: NO_UNIVERSITY_KEY },
          ],
        },
        {
          row: 5,
          key: `ranked-${tag}`,
          errors: [
            {
              field: "rankingSource",
              message: "Enter the ranking's source (who published it, e.g. QS), or clear the ranking",
            },
          ],
        },
      ],
      changes: [
        { row: 1, key: `new-${tag}`, outcome: "created", fields: [] },
        { row: 2, key: university.slug, outcome: "updated", fields: ["name", "webPage", "description"] },
      ],
    });

    const good = rows.slice(0, 2);
    const applied = await importUniversities(good, "&apply=true");
    expect(applied.status).toBe(200);
    const created = await prisma.university.findUniqueOrThrow({ where: { slug: `new-${tag}` } });
    remember("university", created);
    expect(created).toMatchObject({ name: `New ${tag}`, webPage: `https://new-${tag}.example.org/` });
    expect(created.editedAt).not.toBeNull();
    const renamed = await prisma.university.findUniqueOrThrow({ where: { id: university.id } });
    // The slug stays, so the same file matches the same rows next time.
    expect(renamed).toMatchObject({ name: `Renamed ${tag}`, slug: university.slug, description: null });

    const again = await importUniversities(good, "&apply=true");
    expect(((await again.json()) as ImportReport).counts).toEqual({
      total: 2,
      created: 0,
      updated: 0,
      unchanged: 2,
      rejected: 0,
    });
  });
});
