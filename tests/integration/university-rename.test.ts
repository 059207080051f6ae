import { GET as exportProgramsRoute } from "@/app/api/programs/export.csv/route";
import { GET as exportUniversitiesRoute } from "@/app/api/universities/export.csv/route";
import { POST as importProgramsRoute } from "@/app/api/import/programs/route";
import { POST as importUniversitiesRoute } from "@/app/api/import/universities/route";
import { POST as createUniversityRoute } from "@/app/api/universities/route";
import { PATCH as updateUniversityRoute } from "@/app/api/universities/[id]/route";
import { prisma } from "@/lib/db/client.server";
import type { ImportReport } from "@/lib/import/columns";
import { currentSlugOf } from "@/lib/universities/queries.server";
import type { Agent } from "../support/agent";
import { cleanup, createProgram, createSuperAdmin, remember, uniqueTag } from "../support/factories";
import { signIn } from "../support/roles";
import { universityFormBody } from "../support/university-body";
import { whenNoOtherImport } from "../support/imports";

// A rename changes a university's slug (its address), and nothing that named the old one breaks:
// the old slug is kept (university_slugs) and leads to the university, it is never given to
// another university, and import files written before the rename (universities and programs)
// still find the university instead of creating a duplicate or refusing every row.

const tag = uniqueTag();
let admin: Agent;

beforeAll(async () => {
  const account = await createSuperAdmin({ username: `rename_${tag}` });
  admin = await signIn(account.username);
});

afterAll(cleanup);

const body = (name: string) => universityFormBody(name);

async function create(name: string) {
  const response = await admin.call(createUniversityRoute, "/api/universities", { json: body(name) });
  expect(response.status).toBe(201);
  return remember("university", (await response.json()) as { id: number; slug: string; name: string });
}

async function rename(id: number, name: string) {
  const response = await admin.call(updateUniversityRoute, `/api/universities/${id}`, {
    method: "PATCH",
    json: body(name),
    params: { id: String(id) },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { slug: string; name: string };
}

async function importFile(type: "universities" | "programs", text: string, apply = false) {
  const route = type === "universities" ? importUniversitiesRoute : importProgramsRoute;
  const response = await whenNoOtherImport(() =>
    admin.call(route, `/api/import/${type}?fileName=before.csv&apply=${apply}`, {
      body: new TextEncoder().encode(text),
      headers: { "content-type": "text/csv" },
    }),
  );
  expect(response.status).toBe(200);
  return (await response.json()) as ImportReport;
}

test("a new or renamed university's slug is transliterated; the old slug leads to the new one", async () => {
  const created = await create(`Çağrı-Øresund ${tag} Institute`);
  expect(created.slug).toBe(`cagri-oresund-${tag}-institute`);

  const renamed = await rename(created.id, `Straße ${tag} Institute`);
  expect(renamed.slug).toBe(`strasse-${tag}-institute`);
  expect(await currentSlugOf(created.slug)).toBe(renamed.slug);
  expect(await currentSlugOf(renamed.slug)).toBeNull();

  // Renamed again: both earlier slugs lead to the latest.
  const again = await rename(created.id, `Łódź ${tag} Institute`);
  expect(again.slug).toBe(`lodz-${tag}-institute`);
  expect(await currentSlugOf(created.slug)).toBe(again.slug);
  expect(await currentSlugOf(renamed.slug)).toBe(again.slug);

  // Another university with the first name does not take the old address.
  const other = await create(`Çağrı-Øresund ${tag} Institute`);
  expect(other.slug).toBe(`cagri-oresund-${tag}-institute-nz`);
  expect(await currentSlugOf(created.slug)).toBe(again.slug);

  // Renamed back: its first slug is its own again, and no longer an old one.
  const back = await rename(created.id, `Çağrı-Øresund ${tag} Institute`);
  expect(back.slug).toBe(created.slug);
  expect(await currentSlugOf(created.slug)).toBeNull();
  expect(await currentSlugOf(again.slug)).toBe(created.slug);
});

test("exports taken before a rename re-import onto the same university", async () => {
  const university = await create(`Harbour ${tag} College`);
  const program = await createProgram({ universityId: university.id, name: `Marine ${tag}`, degree: "MSc" });
  const query = `?q=${encodeURIComponent(`Harbour ${tag}`)}`;
  const universities = await (
    await admin.call(exportUniversitiesRoute, `/api/universities/export.csv${query}`)
  ).text();
  const programs = await (await admin.call(exportProgramsRoute, `/api/programs/export.csv${query}`)).text();
  expect(universities).toContain(`${university.slug},Harbour ${tag} College`);

  const renamed = await rename(university.id, `Harbour ${tag} University`);
  expect(renamed.slug).not.toBe(university.slug);

  // The universities file names the old slug: the same university, whose name the file changes.
  const dry = await importFile("universities", universities);
  expect(dry.counts).toEqual({ total: 1, created: 0, updated: 1, unchanged: 0, rejected: 0 });
  expect(dry.changes).toEqual([{ row: 1, key: renamed.slug, outcome: "updated", fields: ["name"] }]);

  // The programs file names the old slug too: its rows are the same programs, unchanged.
  const programsReport = await importFile("programs", programs, true);
  expect(programsReport.rejected).toEqual([]);
  expect(programsReport.counts).toEqual({ total: 1, created: 0, updated: 0, unchanged: 1, rejected: 0 });
  expect(await prisma.program.count({ where: { universityId: university.id } })).toBe(1);
  expect(await prisma.program.findUniqueOrThrow({ where: { id: program.id } })).toMatchObject({
    universityId: university.id,
  });

  const applied = await importFile("universities", universities, true);
  expect(applied.applied).toBe(true);
  expect(await prisma.university.count({ where: { name: { startsWith: `Harbour ${tag}` } } })).toBe(1);
  // An import keeps the slug it found (docs/import.md): the current one.
  expect(await prisma.university.findUniqueOrThrow({ where: { id: university.id } })).toMatchObject({
    name: `Harbour ${tag} College`,
    slug: renamed.slug,
  });
});

test("deleting a university frees its old slugs", async () => {
  const university = await create(`Fleeting ${tag} School`);
  await rename(university.id, `Passing ${tag} School`);
  expect(await prisma.universitySlug.count({ where: { universityId: university.id } })).toBe(1);
  await prisma.university.delete({ where: { id: university.id } });
  expect(await prisma.universitySlug.count({ where: { slug: university.slug } })).toBe(0);
});
