import { GET as listRoute, POST as createRoute } from "@/app/api/scholarships/route";
import {
  DELETE as deleteRoute,
  GET as getRoute,
  PATCH as patchRoute,
} from "@/app/api/scholarships/[id]/route";
import { POST as restoreRoute } from "@/app/api/scholarships/[id]/restore/route";
import { DELETE as unsaveRoute, GET as shortlistRoute, POST as saveRoute } from "@/app/api/shortlist/route";
import { prisma } from "@/lib/db/client.server";
import { deleteStudyItem } from "@/lib/settings/commands.server";
import type { Agent } from "../support/agent";
import {
  cleanup,
  createScholarship,
  createStudent,
  createStudyLevel,
  createUniversity,
  createUser,
  daysFromToday,
  remember,
  uniqueTag,
} from "../support/factories";
import { signIn, signInEachRole, type RoleAgents } from "../support/roles";

// GET /api/scholarships (the search's filters and paging, the REST contract's list and error
// shape), GET /api/scholarships/{id}, the admin writes (POST, PATCH, DELETE, restore: the form's
// schema, audit entries, nothing written on a refusal, archived when on a shortlist), and saving a
// scholarship to the shortlist. Every search names this file's provider tag, so the demo
// scholarships and other files' rows never match.

const tag = uniqueTag();
let roles: RoleAgents;
let university: Awaited<ReturnType<typeof createUniversity>>;
let other: Awaited<ReturnType<typeof createUniversity>>;

type Listed = { id: number; name: string; provider: string; university: { id: number } | null };

const search = async (query: Record<string, string>) => {
  const params = new URLSearchParams({ q: tag, ...query });
  const response = await roles.agents.anonymous.call(listRoute, `/api/scholarships?${params}`);
  return { response, items: response.status === 200 ? ((await response.json()) as Listed[]) : [] };
};
const names = async (query: Record<string, string> = {}) => (await search(query)).items.map((s) => s.name);

const create = (agent: Agent, json: unknown) => agent.call(createRoute, "/api/scholarships", { json });
const patch = (agent: Agent, id: number, json: unknown) =>
  agent.call(patchRoute, `/api/scholarships/${id}`, { method: "PATCH", json, params: { id: String(id) } });
const remove = (agent: Agent, id: number) =>
  agent.call(deleteRoute, `/api/scholarships/${id}`, { method: "DELETE", params: { id: String(id) } });

function body(overrides: Record<string, unknown> = {}) {
  return {
    name: `Written ${tag} Award`,
    provider: `Writer ${tag}`,
    amountMin: "1,000",
    amountMax: "2,500.50",
    currency: "eur",
    nationalities: "ke; NG",
    levels: ["Master's"],
    fields: [],
    minGrade: "60",
    deadline: daysFromToday(40).toISOString().slice(0, 10),
    officialUrl: "https://www.example.org/award",
    universityId: String(university.id),
    programId: "",
    ...overrides,
  };
}

beforeAll(async () => {
  roles = await signInEachRole(`sc${tag}`);
  university = await createUniversity({
    name: `Scholar ${tag} University`,
    countryCode: "DE",
    programs: [{ name: `Funded ${tag} Studies`, degree: "MSc", level: "Master's" }],
  });
  other = await createUniversity({ name: `Other ${tag} College`, countryCode: "FR" });
  const provider = `Fund ${tag}`;
  // A small catalogue whose every row differs from the others in one rule.
  await createScholarship({ name: "A open to all", provider, deadline: daysFromToday(30) });
  await createScholarship({
    name: "B Kenyans only",
    provider,
    nationalities: ["KE"],
    deadline: daysFromToday(10),
  });
  await createScholarship({ name: "C masters", provider, levels: ["Master's"], deadline: daysFromToday(20) });
  await createScholarship({ name: "D law", provider, fields: ["Law"], deadline: daysFromToday(25) });
  await createScholarship({ name: "E grade 70", provider, minGrade: 70, deadline: daysFromToday(15) });
  await createScholarship({ name: "F closed", provider, deadline: daysFromToday(-3) });
  await createScholarship({ name: "G rolling", provider, deadline: null });
  await createScholarship({ name: "H university", provider, universityId: university.id });
  await createScholarship({ name: "I program", provider, programId: university.programs[0].id });
  await createScholarship({ name: "J study in FR", provider, studyCountry: "FR" });
  await createScholarship({ name: "K archived", provider, archivedAt: new Date() });
});
afterAll(cleanup);

describe("GET /api/scholarships", () => {
  test("live scholarships only, open ones first by deadline, then those without one, closed last", async () => {
    expect(await names()).toEqual([
      "B Kenyans only",
      "E grade 70",
      "C masters",
      "D law",
      "A open to all",
      "H university",
      "I program",
      "J study in FR",
      "G rolling",
      "F closed",
    ]);
  });

  test("each filter keeps the scholarships it allows, and those that do not restrict it", async () => {
    const all = await names();
    const without = (...excluded: string[]) => all.filter((name) => !excluded.includes(name));
    expect(await names({ nationality: "ng" })).toEqual(without("B Kenyans only"));
    expect(await names({ nationality: "KE" })).toEqual(all);
    expect(await names({ level: "PhD" })).toEqual(without("C masters"));
    expect(await names({ field: "Business" })).toEqual(without("D law"));
    expect(await names({ grade: "65" })).toEqual(without("E grade 70"));
    expect(await names({ grade: "70" })).toEqual(all);
    expect(await names({ open: "true" })).toEqual(without("F closed"));
    expect(await names({ country: "DE" })).toEqual(["H university", "I program"]);
    expect(await names({ country: "fr" })).toEqual(["J study in FR"]);
    expect(await names({ university: String(university.id) })).toEqual(["H university", "I program"]);
    expect(await names({ university: String(other.id) })).toEqual([]);
    expect(await names({ sort: "name", open: "true", level: "Master's" })).toEqual(
      without("F closed").sort(),
    );
  });

  test("pages with limit and offset, the total in X-Total-Count", async () => {
    const first = await search({ limit: "3", offset: "0" });
    const second = await search({ limit: "3", offset: "3" });
    expect(first.response.headers.get("X-Total-Count")).toBe("10");
    expect(first.items.map((s) => s.name)).toEqual(["B Kenyans only", "E grade 70", "C masters"]);
    expect(second.items.map((s) => s.name)).toEqual(["D law", "A open to all", "H university"]);
    // A program's scholarship names the program's university.
    const [program] = (await search({ q: `${tag}`, university: String(university.id) })).items.filter(
      (s) => s.name === "I program",
    );
    expect(program.university?.id).toBe(university.id);
  });

  test.each([
    [{ grade: "101" }, "grade must be a whole number from 0 to 100"],
    [{ nationality: "Kenya" }, "nationality must be a two-letter country code or 'all'"],
    [{ sort: "amount" }, "sort must be one of: deadline, name"],
    [{ open: "maybe" }, "open must be true or false"],
    [{ university: "-1" }, "university must be a whole number from 1 to 2147483647"],
  ])("refuses %j with 400 in the error shape", async (query, message) => {
    const { response } = await search(query);
    expect(response.status).toBe(400);
    const error = (await response.json()) as { error: string; fieldErrors: Record<string, string[]> };
    expect(error.error).toBe(message);
    expect(Object.keys(error.fieldErrors)).toEqual(Object.keys(query));
  });

  test("GET /api/scholarships/{id}: a live one; 404 for an archived one", async () => {
    const [live] = (await search({ q: tag })).items;
    const found = await roles.agents.anonymous.call(getRoute, `/api/scholarships/${live.id}`, {
      params: { id: String(live.id) },
    });
    expect(found.status).toBe(200);
    const archived = await prisma.scholarship.findFirstOrThrow({
      where: { name: "K archived", provider: `Fund ${tag}` },
    });
    const gone = await roles.agents.anonymous.call(getRoute, `/api/scholarships/${archived.id}`, {
      params: { id: String(archived.id) },
    });
    expect(gone.status).toBe(404);
  });
});

describe("admin writes", () => {
  const written = () => prisma.scholarship.count({ where: { provider: `Writer ${tag}` } });
  const audits = (action: string) => prisma.auditEvent.count({ where: { action, actorId: roles.ids.super } });

  test("who may write: 401 signed out, 403 for a student and for a team admin without the permission", async () => {
    expect((await create(roles.agents.anonymous, body())).status).toBe(401);
    expect((await create(roles.agents.student, body())).status).toBe(403);
    const lacking = await createUser({ role: "team", permissions: ["make-decisions"] });
    const response = await create(await signIn(lacking.username), body());
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: string }).error).toMatch(/manage the catalogue/);
    expect(await written()).toBe(0);
  });

  test.each([
    [
      "a range from more to less",
      { amountMin: "3000", amountMax: "2000" },
      "amountMax",
      "The highest amount must be at least the lowest",
    ],
    ["an amount without its currency", { currency: "" }, "currency", "Choose the currency of the amount"],
    [
      "a link that is not http(s)",
      { officialUrl: "javascript:alert(1)" },
      "officialUrl",
      "Enter the official page as a full address, e.g. https://www.example.org/scholarship",
    ],
    [
      "an ftp link",
      { officialUrl: "ftp://example.org/x" },
      "officialUrl",
      "Enter the official page as a full address, e.g. https://www.example.org/scholarship",
    ],
    [
      "an unknown nationality",
      { nationalities: "KE; XX" },
      "nationalities",
      "Nationalities must be two-letter country codes (e.g. KE; NG)",
    ],
    [
      "a level not in the list",
      { levels: ["Postdoc"] },
      "levels",
      "Study levels must be among: Bachelor's, Master's, PhD (not Postdoc)",
    ],
    [
      "a grade over 100",
      { minGrade: "101" },
      "minGrade",
      "Minimum grade must be a number from 0 to 100 on the common scale (e.g. 60)",
    ],
    [
      "a deadline in the past",
      { deadline: daysFromToday(-5).toISOString().slice(0, 10) },
      "deadline",
      "The deadline cannot be in the past",
    ],
    [
      "a country of study beside a university",
      { studyCountry: "FR" },
      "studyCountry",
      "Leave the country of study empty for a scholarship of a university or program: it is the university's",
    ],
    ["no name", { name: " " }, "name", "Scholarship name is required"],
  ])("refuses %s (400 on the field), writing nothing", async (_label, overrides, field, message) => {
    const before = await audits("scholarship.create");
    const response = await create(roles.agents.super, body(overrides));
    expect(response.status).toBe(400);
    const error = (await response.json()) as { fieldErrors: Record<string, string[]> };
    expect(error.fieldErrors[field]).toEqual([message]);
    expect(await written()).toBe(0);
    expect(await audits("scholarship.create")).toBe(before);
  });

  test("refuses a program of another university, writing nothing", async () => {
    const response = await create(
      roles.agents.super,
      body({ universityId: String(other.id), programId: String(university.programs[0].id) }),
    );
    expect(response.status).toBe(400);
    expect(
      ((await response.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors.programId,
    ).toBeDefined();
    expect(await written()).toBe(0);
  });

  test("creates, edits with its version, archives when saved, restores, deletes; each in the audit log", async () => {
    const created = await create(roles.agents.super, body());
    expect(created.status).toBe(201);
    const scholarship = remember(
      "scholarship",
      (await created.json()) as {
        id: number;
        amountMin: string;
        amountMax: string;
        currency: string;
        nationalities: string[];
        timeZone: string;
        version: number;
      },
    );
    expect(scholarship).toMatchObject({
      amountMin: "1000.00",
      amountMax: "2500.50",
      currency: "EUR",
      nationalities: ["KE", "NG"],
      // The university's country's zone, none being given.
      timeZone: "Europe/Berlin",
      version: 1,
    });
    expect(created.headers.get("Location")).toBe(`/api/scholarships/${scholarship.id}`);
    expect(await audits("scholarship.create")).toBeGreaterThan(0);

    // The same provider and name again: 409 on the name.
    const twice = await create(roles.agents.super, body());
    expect(twice.status).toBe(409);
    expect(await written()).toBe(1);

    // A program's: stored as the program's, its university following from it.
    const edited = await patch(roles.agents.team, scholarship.id, {
      ...body({ programId: String(university.programs[0].id), amountMax: "", currency: "GBP" }),
      version: 1,
    });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({
      universityId: null,
      programId: university.programs[0].id,
      university: { id: university.id },
      amountMax: null,
      currency: "GBP",
      version: 2,
    });
    // An edit based on the first version is refused; nothing changes.
    const stale = await patch(roles.agents.super, scholarship.id, { ...body({ name: "Stale" }), version: 1 });
    expect(stale.status).toBe(409);
    expect(
      ((await stale.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors.version,
    ).toBeDefined();
    expect((await prisma.scholarship.findUniqueOrThrow({ where: { id: scholarship.id } })).name).toBe(
      `Written ${tag} Award`,
    );

    // Saved by a student: DELETE archives it; the student keeps it, marked no longer offered.
    const student = await createStudent();
    const agent = await signIn(student.username);
    expect(
      (
        await agent.call(saveRoute, "/api/shortlist", {
          json: { items: [{ type: "scholarship", id: scholarship.id }] },
        })
      ).status,
    ).toBe(200);
    const archived = await remove(roles.agents.super, scholarship.id);
    expect(await archived.json()).toEqual({ archived: true, shortlistsKept: 1 });
    const { items } = (await (await agent.call(shortlistRoute, "/api/shortlist")).json()) as {
      items: { type: string; id: number; archived: boolean }[];
    };
    expect(items).toEqual([
      expect.objectContaining({ type: "scholarship", id: scholarship.id, archived: true }),
    ]);
    expect((await search({ q: `Written ${tag}` })).items).toEqual([]);

    const restored = await roles.agents.super.call(
      restoreRoute,
      `/api/scholarships/${scholarship.id}/restore`,
      {
        method: "POST",
        params: { id: String(scholarship.id) },
      },
    );
    expect(restored.status).toBe(200);
    expect((await search({ q: `Written ${tag}` })).items).toHaveLength(1);

    // Unsaved, it is deleted for good, with its audit entry.
    await agent.call(unsaveRoute, `/api/shortlist?type=scholarship&id=${scholarship.id}`, {
      method: "DELETE",
    });
    expect((await remove(roles.agents.super, scholarship.id)).status).toBe(204);
    expect(await written()).toBe(0);
    for (const action of [
      "scholarship.update",
      "scholarship.archive",
      "scholarship.restore",
      "scholarship.delete",
    ]) {
      expect(await prisma.auditEvent.count({ where: { action, entityId: String(scholarship.id) } })).toBe(1);
    }
  });

  test("a study level a scholarship is for cannot be deleted (409 says why)", async () => {
    const level = await createStudyLevel(`Level ${tag}`);
    const scholarship = await createScholarship({ provider: `Levels ${tag}`, levels: [level.name] });
    await expect(
      deleteStudyItem({ id: roles.ids.super, fullName: "Role super" }, "level", level.id),
    ).rejects.toMatchObject({
      status: 409,
      message: `"${level.name}" cannot be deleted: 1 scholarship is for it. Change that scholarship first.`,
    });
    await prisma.scholarship.delete({ where: { id: scholarship.id } });
  });
});

describe("the shortlist", () => {
  test("saves a live scholarship once; an archived one is skipped", async () => {
    const student = await createStudent();
    const agent = await signIn(student.username);
    const live = await createScholarship({ provider: `Saved ${tag}` });
    const archived = await createScholarship({ provider: `Saved ${tag}`, archivedAt: new Date() });
    const items = [
      { type: "scholarship", id: live.id },
      { type: "scholarship", id: live.id },
      { type: "scholarship", id: archived.id },
    ];
    const response = await agent.call(saveRoute, "/api/shortlist", { json: { items } });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as {
      items: { type: string; id: number; provider: string; officialUrl: string }[];
      skipped: unknown[];
    };
    expect(answer.items).toEqual([
      expect.objectContaining({
        type: "scholarship",
        id: live.id,
        provider: `Saved ${tag}`,
        officialUrl: "https://www.example.org/scholarship",
      }),
    ]);
    expect(answer.skipped).toEqual([{ type: "scholarship", id: archived.id }]);
    expect(await prisma.shortlistScholarship.count({ where: { userId: student.id } })).toBe(1);
  });
});
