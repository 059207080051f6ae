import { parse } from "csv-parse/sync";
import { POST as importRoute } from "@/app/api/import/scholarships/route";
import { GET as exportRoute } from "@/app/api/scholarships/export.csv/route";
import { prisma } from "@/lib/db/client.server";
import { csv } from "@/lib/import/export.server";
import { SCHOLARSHIP_COLUMNS, type ImportReport } from "@/lib/import/columns";
import { IMPORT_HAS_REJECTED } from "@/lib/import/run.server";
import { PROGRAM_NEEDS_UNIVERSITY, PROGRAM_NOT_OF_UNIVERSITY } from "@/lib/import/scholarships.server";
import type { Agent } from "../support/agent";
import {
  cleanup,
  createScholarship,
  createSuperAdmin,
  createUniversity,
  uniqueTag,
} from "../support/factories";
import { whenNoOtherImport } from "../support/imports";
import { signIn } from "../support/roles";

// What a scholarship belongs to (a university, one of its programs, or neither) survives an
// import: the export imported again reports every row unchanged; a file without the university,
// program or programDegree column keeps each scholarship's own, as for any column a file lacks;
// a program named without its university, or with another university, is a row error that says
// what to give, and the apply writes nothing.

const tag = uniqueTag();
const provider = `Owners ${tag}`;
const OWNER_COLUMNS = ["university", "program", "programDegree"] as const;
const HEADER = SCHOLARSHIP_COLUMNS.map((column) => column.name);

let admin: Agent;
let home: Awaited<ReturnType<typeof createUniversity>>;
let other: Awaited<ReturnType<typeof createUniversity>>;
const ids: Record<"free" | "university" | "program", number> = { free: 0, university: 0, program: 0 };

beforeAll(async () => {
  admin = await signIn((await createSuperAdmin({ username: `sowners_${tag}` })).username);
  home = await createUniversity({
    name: `Owners ${tag} Home`,
    programs: [{ name: `Owned ${tag} Studies`, degree: "MSc", level: "Master's" }],
  });
  // Another university with a program of the same name, and one of a name of its own.
  other = await createUniversity({
    name: `Owners ${tag} Other`,
    programs: [
      { name: `Owned ${tag} Studies`, degree: "BSc", level: "Bachelor's" },
      { name: `Elsewhere ${tag} Studies`, degree: "MSc", level: "Master's" },
    ],
  });
  ids.free = (
    await createScholarship({ provider, name: "Free Award", studyCountry: "DE", nationalities: ["KE"] })
  ).id;
  ids.university = (
    await createScholarship({ provider, name: "University Award", universityId: home.id, levels: ["PhD"] })
  ).id;
  ids.program = (
    await createScholarship({
      provider,
      name: "Program Award",
      programId: home.programs[0].id,
      amountMax: "9000.00",
      timeZone: "Europe/Berlin",
    })
  ).id;
});
afterAll(async () => {
  await prisma.scholarship.deleteMany({ where: { provider } });
  await cleanup();
});

/** The file name of this file's imports (the audit entry's subject), so other test files' imports do not count. */
const fileNameOf = (extension: "csv" | "json") => `owners-${tag}.${extension}`;

const send = async (file: string, apply: boolean, extension: "csv" | "json" = "csv") => {
  const response = await whenNoOtherImport(() =>
    admin.call(importRoute, `/api/import/scholarships?fileName=${fileNameOf(extension)}&apply=${apply}`, {
      body: new TextEncoder().encode(file),
      headers: { "content-type": extension === "json" ? "application/json" : "text/csv" },
    }),
  );
  return { status: response.status, body: (await response.json()) as ImportReport & { error?: string } };
};

/** Every scholarship of this file, by name, as stored. */
const ours = () =>
  prisma.scholarship.findMany({
    where: { provider },
    orderBy: { name: "asc" },
    select: {
      id: true,
      name: true,
      amountMin: true,
      universityId: true,
      programId: true,
      studyCountry: true,
      timeZone: true,
      version: true,
      archivedAt: true,
    },
  });
const owners = async () =>
  (await ours()).map((s) => ({ name: s.name, universityId: s.universityId, programId: s.programId }));
const imports = () =>
  prisma.auditEvent.count({
    where: { action: "import.scholarships", entityId: { in: [fileNameOf("csv"), fileNameOf("json")] } },
  });

/** This file's scholarships as the export writes them: the header, then one object per row. */
async function exported(): Promise<{ text: string; rows: Record<string, string>[] }> {
  const response = await admin.call(
    exportRoute,
    `/api/scholarships/export.csv?q=${encodeURIComponent(provider)}`,
  );
  expect(response.status).toBe(200);
  const text = await response.text();
  return { text, rows: parse(text, { columns: true }) as Record<string, string>[] };
}

/** A CSV file of the rows with only the given columns. */
const withColumns = (rows: Record<string, string>[], columns: readonly string[]) =>
  csv([[...columns], ...rows.map((row) => columns.map((column) => row[column] ?? ""))]);

const expectedOwners = () => [
  { name: "Free Award", universityId: null, programId: null },
  { name: "Program Award", universityId: null, programId: home.programs[0].id },
  { name: "University Award", universityId: home.id, programId: null },
];

test("the export names each owner, and importing it reports every row unchanged", async () => {
  const { text, rows } = await exported();
  expect(Object.keys(rows[0])).toEqual(HEADER);
  const byName = Object.fromEntries(rows.map((row) => [row.name, row]));
  expect(byName["Free Award"]).toMatchObject({
    university: "",
    program: "",
    programDegree: "",
    studyCountry: "DE",
  });
  expect(byName["University Award"]).toMatchObject({ university: home.slug, program: "", programDegree: "" });
  // A program's scholarship names the program's university, name and degree.
  expect(byName["Program Award"]).toMatchObject({
    university: home.slug,
    program: `Owned ${tag} Studies`,
    programDegree: "MSc",
    studyCountry: "",
  });

  const before = await ours();
  const dry = await send(text, false);
  expect(dry.status).toBe(200);
  expect(dry.body.rejected).toEqual([]);
  expect(dry.body.changes).toEqual([]);
  expect(dry.body.counts).toEqual({ total: 3, created: 0, updated: 0, unchanged: 3, rejected: 0 });

  const applied = await send(text, true);
  expect(applied.status).toBe(200);
  expect(applied.body).toMatchObject({ applied: true, counts: dry.body.counts });
  // Nothing written: the same owners, and no version raised (an open edit form stays valid).
  expect(await ours()).toEqual(before);
  expect(await owners()).toEqual(expectedOwners());
});

test("a file without some of the owner columns keeps each scholarship's owner", async () => {
  const { rows } = await exported();
  const changed = rows.map((row) => ({ ...row, amountMin: "7777.00" }));
  // Every way of leaving the owner columns out: each row changes its amount and nothing else.
  for (let mask = 1; mask < 1 << OWNER_COLUMNS.length; mask++) {
    const left = OWNER_COLUMNS.filter((_, bit) => mask & (1 << bit));
    const file = withColumns(
      changed,
      HEADER.filter((column) => !(left as readonly string[]).includes(column)),
    );
    const dry = await send(file, false);
    expect({ left, status: dry.status, rejected: dry.body.rejected }).toEqual({
      left,
      status: 200,
      rejected: [],
    });
    expect({ left, changes: dry.body.changes.map((c) => [c.key, c.outcome, c.fields]) }).toEqual({
      left,
      changes: [
        [`${provider} / Free Award`, "updated", ["amountMin"]],
        [`${provider} / University Award`, "updated", ["amountMin"]],
        [`${provider} / Program Award`, "updated", ["amountMin"]],
      ],
    });
  }

  // Only the key, the required columns and the amount: the owners stay where they were.
  const narrow = withColumns(changed, ["provider", "name", "officialUrl", "amountMin", "currency"]);
  const applied = await send(narrow, true);
  expect(applied.status).toBe(200);
  expect(applied.body).toMatchObject({ applied: true, counts: { updated: 3, rejected: 0 } });
  expect(await owners()).toEqual(expectedOwners());
  expect((await ours()).map((s) => s.amountMin?.toFixed(2))).toEqual(["7777.00", "7777.00", "7777.00"]);
  // The program's scholarship keeps its own zone too (the file lacks that column as well).
  expect((await ours()).find((s) => s.name === "Program Award")?.timeZone).toBe("Europe/Berlin");

  // The export of the result imports unchanged again.
  expect((await send((await exported()).text, false)).body.counts).toMatchObject({
    unchanged: 3,
    updated: 0,
  });
});

test("a JSON row without the owner keys keeps its owner; an empty or null one clears it", async () => {
  const { rows } = await exported();
  const program = rows.find((row) => row.name === "Program Award")!;
  const university = rows.find((row) => row.name === "University Award")!;
  const keyOnly = { provider, name: program.name, officialUrl: program.officialUrl, amountMin: "6000" };
  const file = JSON.stringify([
    // Another object has the owner keys, so the file as a whole has those columns.
    { ...university, amountMin: "6000" },
    { ...keyOnly, currency: program.currency },
  ]);
  const dry = await send(file, false, "json");
  expect(dry.status).toBe(200);
  expect(dry.body.rejected).toEqual([]);
  expect(dry.body.changes.map((c) => [c.key, c.fields])).toEqual([
    [`${provider} / University Award`, ["amountMin"]],
    [`${provider} / Program Award`, ["amountMin"]],
  ]);

  // A key given empty (or null) does clear: the program's scholarship then belongs to no one.
  const cleared = JSON.stringify([{ ...keyOnly, university: "", program: null, programDegree: null }]);
  const report = (await send(cleared, false, "json")).body;
  expect(report.rejected).toEqual([]);
  expect(report.changes.map((c) => [c.key, c.fields])).toEqual([
    [`${provider} / Program Award`, ["amountMin", "programId"]],
  ]);
});

test("a program named without its university is refused, and nothing is written", async () => {
  const { rows } = await exported();
  const program = rows.find((row) => row.name === "Program Award")!;
  const file = withColumns(
    [
      // An existing program's scholarship whose university cell was emptied.
      { ...program, university: "", amountMin: "1.00" },
      // A new one naming only the program.
      { ...program, name: "Stray Award", university: "" },
      // A good row alongside: the whole file is refused all the same.
      { ...rows.find((row) => row.name === "Free Award")!, amountMin: "2.00" },
    ],
    HEADER,
  );
  const before = await ours();
  const audits = await imports();
  const applied = await send(file, true);
  expect(applied.status).toBe(400);
  expect(applied.body.error).toBe(IMPORT_HAS_REJECTED);
  expect(await ours()).toEqual(before);
  expect(await imports()).toBe(audits);

  const dry = (await send(file, false)).body;
  expect(dry.counts).toMatchObject({ total: 3, rejected: 2, updated: 1, created: 0 });
  expect(dry.rejected).toEqual([
    {
      row: 1,
      key: `${provider} / Program Award`,
      errors: [{ field: "program", message: PROGRAM_NEEDS_UNIVERSITY }],
    },
    {
      row: 2,
      key: `${provider} / Stray Award`,
      errors: [{ field: "program", message: PROGRAM_NEEDS_UNIVERSITY }],
    },
  ]);
});

test("a program of another university than the one named is refused, and nothing is written", async () => {
  const { rows } = await exported();
  const program = rows.find((row) => row.name === "Program Award")!;
  const file = withColumns(
    [
      // The other university has a program of this name, but of another degree.
      { ...program, university: other.slug },
      // A program only the other university has, named with the home university.
      { ...program, name: "Cross Award", program: `Elsewhere ${tag} Studies` },
    ],
    HEADER,
  );
  const before = await ours();
  const audits = await imports();
  const applied = await send(file, true);
  expect(applied.status).toBe(400);
  expect(applied.body.error).toBe(IMPORT_HAS_REJECTED);
  expect(await ours()).toEqual(before);
  expect(await imports()).toBe(audits);

  const dry = (await send(file, false)).body;
  expect(dry.counts).toMatchObject({ total: 2, rejected: 2 });
  expect(dry.rejected).toEqual([
    {
      row: 1,
      key: `${provider} / Program Award`,
      errors: [{ field: "program", message: PROGRAM_NOT_OF_UNIVERSITY }],
    },
    {
      row: 2,
      key: `${provider} / Cross Award`,
      errors: [{ field: "program", message: PROGRAM_NOT_OF_UNIVERSITY }],
    },
  ]);

  // Naming the other university's own program moves the scholarship there (a valid change).
  const moved = withColumns(
    [{ ...program, university: other.slug, program: `Elsewhere ${tag} Studies` }],
    HEADER,
  );
  expect((await send(moved, false)).body.changes.map((c) => c.fields)).toEqual([["programId"]]);
});
