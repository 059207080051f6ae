import { parse } from "csv-parse/sync";
import { GET as exportProgramsRoute } from "@/app/api/programs/export.csv/route";
import { GET as exportUniversitiesRoute } from "@/app/api/universities/export.csv/route";
import { POST as importProgramsRoute } from "@/app/api/import/programs/route";
import { POST as importUniversitiesRoute } from "@/app/api/import/universities/route";
import { prisma } from "@/lib/db/client.server";
import { requirementSelect, requirementsOf } from "@/lib/fit/requirements";
import { Prisma } from "@/lib/generated/prisma/client";
import { PROGRAM_COLUMNS, UNIVERSITY_COLUMNS, type ImportReport } from "@/lib/import/columns";
import type { Agent } from "../support/agent";
import { cleanup, createProgram, createSuperAdmin, createUniversity, uniqueTag } from "../support/factories";
import { signIn } from "../support/roles";
import { whenNoOtherImport } from "../support/imports";

// The admin lists' CSV exports re-import: a file exported, then imported (dry run, then apply),
// puts back exactly what was exported, whatever the text holds (line breaks of every kind,
// quotes, commas, text a spreadsheet would run as a formula, non-Latin letters). A spreadsheet
// ends a row at any line break, so every field holding one must be quoted. The exports hold the
// rows the list shows with its filters (?q=, and ?level= for programs), live rows only.

const tag = uniqueTag();
// Lone LFs and CRs, no quote or comma: csv-stringify quotes a field with the whole record delimiter
// (CRLF), a comma or a quote on its own.
const DESCRIPTION = `- first point\n- second point\n=1+1 on a line of its own\rlast line: Łódź 東京 Αθήνα القاهرة`;
const PROGRAM_DESCRIPTION = `@everyone: hands-on\nsecond line\n+third`;
const OTHER_DESCRIPTION = "Windows line breaks\r\nsecond line";

let admin: Agent;
let kept: Awaited<ReturnType<typeof createUniversity>>;
let other: Awaited<ReturnType<typeof createUniversity>>;
let master: Awaited<ReturnType<typeof createProgram>>;
let bachelor: Awaited<ReturnType<typeof createProgram>>;

beforeAll(async () => {
  const account = await createSuperAdmin({ username: `export_${tag}` });
  admin = await signIn(account.username);
  kept = await createUniversity({ name: `Université «Łódź» 東京 "Quoted" ${tag}a`, ranking: 7 });
  await prisma.university.update({
    where: { id: kept.id },
    data: {
      description: DESCRIPTION,
      webPage: `https://${tag}.example.edu/`,
      rankingSource: `@Ranker, "Top" ${tag}`,
      rankingYear: 2025,
    },
  });
  other = await createUniversity({ name: `Other ${tag}b` });
  await prisma.university.update({ where: { id: other.id }, data: { description: OTHER_DESCRIPTION } });
  const archived = await createUniversity({ name: `Archived ${tag}c` });
  await prisma.university.update({ where: { id: archived.id }, data: { archivedAt: new Date() } });
  master = await createProgram({ universityId: kept.id, name: `+Plus «Łódź» ${tag}`, degree: "MSc" });
  await prisma.program.update({ where: { id: master.id }, data: { description: PROGRAM_DESCRIPTION } });
  bachelor = await createProgram({ universityId: kept.id, name: `-Minus, "B" ${tag}`, degree: "BSc" });
  await createProgram({ universityId: other.id, name: `Other program ${tag}`, degree: "MSc" });
});

afterAll(cleanup);

async function exported(route: typeof exportUniversitiesRoute, url: string): Promise<string> {
  const response = await admin.call(route, url);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  return response.text();
}

/** The rows as a spreadsheet reads them: any line break outside quotes ends a row. */
const spreadsheetRows = (text: string): string[][] =>
  parse(text, { record_delimiter: ["\r\n", "\n", "\r"], relax_column_count: true });

async function importFile(route: typeof importUniversitiesRoute, type: string, text: string, apply: boolean) {
  const response = await whenNoOtherImport(() =>
    admin.call(route, `/api/import/${type}?fileName=export.csv&apply=${apply}`, {
      body: new TextEncoder().encode(text),
      headers: { "content-type": "text/csv" },
    }),
  );
  expect(response.status).toBe(200);
  return (await response.json()) as ImportReport;
}

const storedUniversity = (id: number) =>
  prisma.university.findUniqueOrThrow({
    where: { id },
    select: {
      name: true,
      slug: true,
      webPage: true,
      description: true,
      ranking: true,
      rankingSource: true,
      rankingYear: true,
    },
  });
const storedProgram = (id: number) =>
  prisma.program.findUniqueOrThrow({
    where: { id },
    select: { name: true, degree: true, level: true, tuition: true, deadline: true, description: true },
  });

test("the universities export holds the list's matches and re-imports exactly", async () => {
  const text = await exported(
    exportUniversitiesRoute,
    `/api/universities/export.csv?q=${encodeURIComponent(tag)}`,
  );
  const rows = spreadsheetRows(text);
  expect(rows[0]).toEqual(UNIVERSITY_COLUMNS.map((column) => column.name));
  // The live matches only, each a whole row (not split at its line breaks).
  expect(rows.slice(1).map((row) => row[1])).toEqual([kept.name, other.name]);
  expect(rows.every((row) => row.length === UNIVERSITY_COLUMNS.length)).toBe(true);
  // Text a spreadsheet would run is written as text.
  expect(text).toContain(`"'${DESCRIPTION}"`);
  expect(text).toContain(`"'@Ranker, ""Top"" ${tag}"`);
  expect(text).toContain(`"${OTHER_DESCRIPTION}"`);

  // A narrower search exports only its match.
  const one = await exported(exportUniversitiesRoute, `/api/universities/export.csv?q=${tag}a`);
  expect(spreadsheetRows(one).map((row) => row[1])).toEqual(["name", kept.name]);

  const before = await storedUniversity(kept.id);
  expect(before.description).toBe(DESCRIPTION);
  await prisma.university.update({
    where: { id: kept.id },
    data: { description: "Overwritten", rankingSource: "Someone else" },
  });

  const dry = await importFile(importUniversitiesRoute, "universities", text, false);
  expect(dry.rejected).toEqual([]);
  expect(dry.counts).toEqual({ total: 2, created: 0, updated: 1, unchanged: 1, rejected: 0 });
  expect(dry.changes).toEqual([
    { row: 1, key: kept.slug, outcome: "updated", fields: ["description", "rankingSource"] },
  ]);
  const applied = await importFile(importUniversitiesRoute, "universities", text, true);
  expect(applied).toMatchObject({ applied: true, counts: dry.counts });
  expect(await storedUniversity(kept.id)).toEqual(before);

  const again = await importFile(importUniversitiesRoute, "universities", text, false);
  expect(again.counts).toMatchObject({ unchanged: 2, updated: 0, created: 0, rejected: 0 });
});

test("the programs export holds the list's matches and re-imports exactly", async () => {
  const all = await exported(exportProgramsRoute, `/api/programs/export.csv?q=${encodeURIComponent(tag)}`);
  const rows = spreadsheetRows(all);
  expect(rows[0]).toEqual(PROGRAM_COLUMNS.map((column) => column.name));
  expect(rows.every((row) => row.length === PROGRAM_COLUMNS.length)).toBe(true);
  expect(rows.slice(1).map((row) => row[1])).toEqual([
    `'${master.name}`,
    `'${bachelor.name}`,
    `Other program ${tag}`,
  ]);

  // The list's search (program or university name) and its level, as the admin list reads them.
  const text = await exported(
    exportProgramsRoute,
    `/api/programs/export.csv?q=${encodeURIComponent(`${tag}a`)}&level=${encodeURIComponent("Master's")}`,
  );
  expect(spreadsheetRows(text).map((row) => row[1])).toEqual(["name", `'${master.name}`]);
  expect(text).toContain(`"'@everyone: hands-on\nsecond line\n+third"`);

  const before = await storedProgram(master.id);
  expect(before.description).toBe(PROGRAM_DESCRIPTION);
  await prisma.program.update({ where: { id: master.id }, data: { description: "Overwritten" } });

  const dry = await importFile(importProgramsRoute, "programs", text, false);
  expect(dry.rejected).toEqual([]);
  expect(dry.counts).toEqual({ total: 1, created: 0, updated: 1, unchanged: 0, rejected: 0 });
  expect(dry.changes).toEqual([
    { row: 1, key: `${kept.slug} / ${master.name} / MSc`, outcome: "updated", fields: ["description"] },
  ]);
  const applied = await importFile(importProgramsRoute, "programs", text, true);
  expect(applied).toMatchObject({ applied: true, counts: dry.counts });
  expect(await storedProgram(master.id)).toEqual(before);
});

test("an export filter the list would refuse is a 400, not a file of everything", async () => {
  const response = await admin.call(
    exportUniversitiesRoute,
    `/api/universities/export.csv?q=${"x".repeat(500)}`,
  );
  expect(response.status).toBe(400);
});

test("a program's entry requirements and fees go out and come back; an emptied cell clears one", async () => {
  const requirements = {
    minGrade: new Prisma.Decimal("62.5"),
    minIelts: new Prisma.Decimal("6.5"),
    minToefl: 90,
    minDuolingo: null,
    minCambridge: 176,
    startTerms: ["2027-09", "2028-01"],
    tuitionHome: new Prisma.Decimal("9250.00"),
    applicationFee: null,
    visaSponsorship: false,
  };
  await prisma.program.update({ where: { id: bachelor.id }, data: requirements });
  const read = () =>
    prisma.program
      .findUniqueOrThrow({ where: { id: bachelor.id }, select: requirementSelect })
      .then(requirementsOf);
  const before = await read();
  const text = await exported(
    exportProgramsRoute,
    `/api/programs/export.csv?q=${encodeURIComponent(`${tag}a`)}&level=${encodeURIComponent("Bachelor's")}`,
  );
  const [header, row] = spreadsheetRows(text);
  const cell = (name: string) => row[header.indexOf(name)];
  expect([cell("minGrade"), cell("minIelts"), cell("minDuolingo"), cell("startTerms")]).toEqual([
    "62.5",
    "6.5",
    "",
    "2027-09; 2028-01",
  ]);
  expect([cell("tuitionHome"), cell("applicationFee"), cell("visaSponsorship")]).toEqual([
    "9250.00",
    "",
    "no",
  ]);

  await prisma.program.update({
    where: { id: bachelor.id },
    data: { minGrade: null, minToefl: 100, startTerms: [], visaSponsorship: true, applicationFee: 50 },
  });
  const dry = await importFile(importProgramsRoute, "programs", text, false);
  expect(dry.changes).toEqual([
    {
      row: 1,
      key: `${kept.slug} / ${bachelor.name} / BSc`,
      outcome: "updated",
      fields: ["minGrade", "minToefl", "startTerms", "applicationFee", "visaSponsorship"],
    },
  ]);
  await importFile(importProgramsRoute, "programs", text, true);
  expect(await read()).toEqual(before);

  // The university stopped stating its English minimums: emptied cells clear them.
  const emptied = text.replace(/,6\.5,90,,176,/, ",,,,,");
  expect(emptied).not.toBe(text);
  await importFile(importProgramsRoute, "programs", emptied, true);
  expect(await read()).toMatchObject({ minIelts: null, minToefl: null, minCambridge: null, minGrade: 62.5 });
});
