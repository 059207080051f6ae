import { POST as importRoute } from "@/app/api/import/scholarships/route";
import { GET as exportRoute } from "@/app/api/scholarships/export.csv/route";
import { prisma } from "@/lib/db/client.server";
import { csv } from "@/lib/import/export.server";
import { SCHOLARSHIP_COLUMNS, type ImportReport } from "@/lib/import/columns";
import { PROGRAM_NOT_OF_UNIVERSITY } from "@/lib/import/scholarships.server";
import { IMPORT_HAS_REJECTED } from "@/lib/import/run.server";
import type { Agent } from "../support/agent";
import {
  cleanup,
  createScholarship,
  createSuperAdmin,
  createUniversity,
  daysFromToday,
  uniqueTag,
} from "../support/factories";
import { whenNoOtherImport } from "../support/imports";
import { signIn } from "../support/roles";

// The scholarship file of the import: a dry run changes nothing, an apply saves every row or none
// (a bad line leaves the catalogue and the audit log as they were), rows are matched by provider
// and name, a university by slug and a program by name and degree; and the CSV export, imported
// again, changes nothing.

const tag = uniqueTag();
const provider = `Import ${tag}`;
let admin: Agent;
let university: Awaited<ReturnType<typeof createUniversity>>;

const HEADER = SCHOLARSHIP_COLUMNS.map((column) => column.name);
const deadline = daysFromToday(50).toISOString().slice(0, 10);
const row = (cells: Partial<Record<string, string>>) =>
  HEADER.map(
    (name) =>
      ({
        provider,
        currency: "EUR",
        officialUrl: "https://www.example.org/funding",
        deadline,
        ...cells,
      })[name] ?? "",
  );

/** The file name of this file's imports (the audit entry's subject), so other test files' imports do not count. */
const fileName = `s-${tag}.csv`;
const send = async (file: string, apply: boolean) => {
  const response = await whenNoOtherImport(() =>
    admin.call(importRoute, `/api/import/scholarships?fileName=${fileName}&apply=${apply}`, {
      body: new TextEncoder().encode(file),
      headers: { "content-type": "text/csv" },
    }),
  );
  return { status: response.status, body: (await response.json()) as ImportReport & { error?: string } };
};
const ours = () =>
  prisma.scholarship.findMany({
    where: { provider },
    orderBy: { name: "asc" },
    select: {
      name: true,
      amountMin: true,
      universityId: true,
      programId: true,
      nationalities: true,
      levels: { select: { level: true } },
      version: true,
    },
  });
const imports = () =>
  prisma.auditEvent.count({ where: { action: "import.scholarships", entityId: fileName } });

beforeAll(async () => {
  admin = await signIn((await createSuperAdmin({ username: `simport_${tag}` })).username);
  university = await createUniversity({
    name: `Import ${tag} University`,
    programs: [{ name: `Imported ${tag} Studies`, degree: "MSc", level: "Master's" }],
  });
});
afterAll(async () => {
  await prisma.scholarship.deleteMany({ where: { provider } });
  await cleanup();
});

const goodFile = () =>
  csv([
    HEADER,
    row({ name: "Open Award", amountMin: "1,000", nationalities: "ng; KE", levels: "PhD; Master's" }),
    row({ name: "University Award", university: university.slug, amountMin: "200" }),
    row({
      name: "Program Award",
      university: university.slug,
      program: `Imported ${tag} Studies`,
      programDegree: "MSc",
      amountMin: "300",
    }),
  ]);

test("a dry run reports and writes nothing; apply saves the rows, with one audit entry", async () => {
  const dry = await send(goodFile(), false);
  expect(dry.status).toBe(200);
  expect(dry.body.counts).toEqual({ total: 3, created: 3, updated: 0, unchanged: 0, rejected: 0 });
  expect(await ours()).toEqual([]);

  const before = await imports();
  const applied = await send(goodFile(), true);
  expect(applied.body).toMatchObject({ applied: true, counts: { created: 3 } });
  expect(await imports()).toBe(before + 1);
  expect(await ours()).toEqual([
    expect.objectContaining({
      name: "Open Award",
      universityId: null,
      programId: null,
      nationalities: ["KE", "NG"],
      levels: expect.arrayContaining([{ level: "Master's" }, { level: "PhD" }]),
    }),
    expect.objectContaining({
      name: "Program Award",
      universityId: null,
      programId: university.programs[0].id,
    }),
    expect.objectContaining({ name: "University Award", universityId: university.id, programId: null }),
  ]);

  // The same file again: every row unchanged.
  expect((await send(goodFile(), true)).body.counts).toMatchObject({ unchanged: 3, created: 0, updated: 0 });
});

test("a file with a bad line changes nothing, and says which line and why", async () => {
  const before = await ours();
  const audits = await imports();
  const file = csv([
    HEADER,
    row({ name: "Open Award", amountMin: "9,999" }), // would update
    row({ name: "New Award" }), // would create
    row({ name: "Bad Link", officialUrl: "javascript:alert(1)" }),
    row({ name: "Bad Range", amountMin: "500", amountMax: "100" }),
    row({ name: "Bad Program", university: university.slug, program: "No such", programDegree: "MSc" }),
  ]);
  const answer = await send(file, true);
  expect(answer.status).toBe(400);
  expect(answer.body.error).toBe(IMPORT_HAS_REJECTED);
  expect(await ours()).toEqual(before);
  expect(await imports()).toBe(audits);

  const report = (await send(file, false)).body;
  expect(report.counts).toMatchObject({ created: 1, updated: 1, rejected: 3 });
  expect(report.rejected.map((r) => [r.row, r.errors[0].field])).toEqual([
    [3, "officialUrl"],
    [4, "amountMax"],
    [5, "program"],
  ]);
  expect(report.rejected[2].errors[0].message).toBe(PROGRAM_NOT_OF_UNIVERSITY);
});

test("the CSV export, imported again, changes nothing; a column left out keeps its value", async () => {
  // A name a spreadsheet would run as a formula: the export protects it, the import reads it back.
  await createScholarship({ provider, name: '=HYPERLINK("x")', nationalities: ["GH"], deadline: null });
  const exported = await admin.call(
    exportRoute,
    `/api/scholarships/export.csv?q=${encodeURIComponent(provider)}`,
  );
  expect(exported.status).toBe(200);
  expect(exported.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  const file = await exported.text();
  expect(file.split("\r\n")[0]).toBe(HEADER.join(","));
  expect(file).toContain(`'=HYPERLINK(""x"")`);
  expect(file).toContain(`${university.slug},Imported ${tag} Studies,MSc`);
  const versions = (await ours()).map((s) => s.version);
  const report = (await send(file, true)).body;
  expect(report.counts).toEqual({ total: 4, created: 0, updated: 0, unchanged: 4, rejected: 0 });
  expect((await ours()).map((s) => s.version)).toEqual(versions);

  // Only the key and the required columns: the stored values stay.
  const narrow = csv([
    ["provider", "name", "officialUrl"],
    [provider, "Open Award", "https://www.example.org/funding"],
  ]);
  expect((await send(narrow, true)).body.counts).toMatchObject({ unchanged: 1 });
});
