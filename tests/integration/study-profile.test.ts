import { POST as createProgramRoute } from "@/app/api/programs/route";
import { GET as getProgramRoute, PATCH as patchProgramRoute } from "@/app/api/programs/[id]/route";
import { GET as exportData } from "@/app/api/user/export/route";
import { DELETE as deleteAccount } from "@/app/api/user/route";
import { GET as getProfile, PUT as putProfile } from "@/app/api/user/study-profile/route";
import { strFromU8, unzipSync } from "fflate";
import { prisma } from "@/lib/db/client.server";
import type { StudentProfileDto } from "@/lib/fit/profile";
import type { Mail } from "@/lib/mail/send.server";
import type { AccountData } from "@/lib/users/data-export.server";
import { COUNTRY_INVALID, PROFILE_CHANGED, SCORE_NEEDS_DATE } from "@/lib/validation/student-profile";
import type { Agent } from "../support/agent";
import { cleanup, createStudent, createUniversity, TEST_PASSWORD, uniqueTag } from "../support/factories";
import { signIn, signInEachRole, type RoleAgents } from "../support/roles";

jest.mock("@/lib/mail/send.server", () => ({ sendMail: async (mail: Mail) => void mail }));

// The study profile (GET/PUT /api/user/study-profile): saved whole, checked field by field (a 400
// naming the field, nothing saved), guarded by its version, exported with the account and deleted
// with it. Programs' entry requirements and fees through POST/PATCH /api/programs.

const tag = uniqueTag();
let student: Awaited<ReturnType<typeof createStudent>>;
let agent: Agent;
let roles: RoleAgents;

const VALID = {
  nationality: "nz",
  residence: "AU",
  qualification: "BSc Physics",
  gradeScale: "gpa4",
  grade: "3.3",
  ieltsScore: "6.5",
  ieltsTakenOn: "2026-05-14",
  toeflScore: 95,
  toeflTakenOn: "2026-01-02",
  budgetAmount: "15,000",
  budgetCurrency: "eur",
  startTerm: "2027-09",
};

beforeAll(async () => {
  student = await createStudent({ username: `fit_${tag}` });
  agent = await signIn(student.username);
  roles = await signInEachRole(`fitr${tag}`);
});

afterAll(cleanup);

const put = (json: unknown, who = agent) =>
  who.call(putProfile, "/api/user/study-profile", { method: "PUT", json });
const get = async (who = agent) =>
  (
    (await (await who.call(getProfile, "/api/user/study-profile")).json()) as {
      profile: StudentProfileDto | null;
    }
  ).profile;

test("a signed-out visitor gets 401; a new student has no profile", async () => {
  expect((await roles.agents.anonymous.call(getProfile, "/api/user/study-profile")).status).toBe(401);
  expect(await get()).toBeNull();
});

test("a profile is saved normalised, with its grade on the common scale", async () => {
  const response = await put({ ...VALID, version: 0 });
  expect(response.status).toBe(200);
  const profile = await get();
  expect(profile).toMatchObject({
    nationality: "NZ",
    residence: "AU",
    gradeScale: "gpa4",
    grade: "3.3",
    gradeScore: 60,
    english: {
      ielts: { score: 6.5, takenOn: "2026-05-14" },
      toefl: { score: 95, takenOn: "2026-01-02" },
      duolingo: null,
      cambridge: null,
    },
    budgetAmount: 15000,
    budgetCurrency: "EUR",
    startTerm: "2027-09",
    version: 1,
  });
});

test.each([
  [{ grade: "4.5" }, "grade", /GPA out of 4: enter a number with up to 2 decimals from 0 to 4/],
  [{ ieltsScore: "6.25" }, "ieltsScore", /IELTS scores go from 0 to 9, in steps of 0.5/],
  [{ ieltsTakenOn: "" }, "ieltsTakenOn", new RegExp(SCORE_NEEDS_DATE)],
  [{ ieltsTakenOn: "2999-01-01" }, "ieltsTakenOn", /not in the future/],
  [{ duolingoScore: "112", duolingoTakenOn: "2026-01-01" }, "duolingoScore", /in steps of 5/],
  [{ budgetCurrency: "EURO" }, "budgetCurrency", /three-letter ISO code/],
  [{ budgetCurrency: "" }, "budgetCurrency", /currency of your budget/],
  [{ startTerm: "2027-13" }, "startTerm", /e\.g\. 2027-09/],
  [{ gradeScale: "" }, "gradeScale", /Choose the scale/],
  [{ gradeScale: "uk_class", grade: "2:1" }, "grade", /UK degree class/],
  [{ nationality: "ZZ" }, "nationality", new RegExp(COUNTRY_INVALID)],
  [{ qualification: "x".repeat(121) }, "qualification", /at most 120/],
])("%p is a 400 on %s, and nothing is saved", async (change, field, message) => {
  const before = await get();
  const response = await put({ ...VALID, ...change });
  expect(response.status).toBe(400);
  const body = (await response.json()) as { error: string; fieldErrors: Record<string, string[]> };
  expect(body.fieldErrors[field]?.[0]).toMatch(message);
  expect(await get()).toEqual(before);
});

test("a save based on an older version is a 409; blank fields clear the profile", async () => {
  const stale = await put({ ...VALID, version: 0 });
  expect(stale.status).toBe(409);
  expect(((await stale.json()) as { error: string }).error).toBe(PROFILE_CHANGED);

  const cleared = await put({ nationality: "", gradeScale: "", grade: "", version: 1 });
  expect(cleared.status).toBe(200);
  expect(await get()).toMatchObject({
    nationality: null,
    gradeScore: null,
    english: { ielts: null, toefl: null },
    budgetAmount: null,
    version: 2,
  });
  expect((await put({ ...VALID, gradeScale: "uk_class", grade: "upper-second" })).status).toBe(200);
});

test("another student sees only their own (empty) profile", async () => {
  expect(await get(roles.agents.student)).toBeNull();
});

test("the data export holds the profile, and deleting the account deletes it", async () => {
  const response = await agent.call(exportData, "/api/user/export");
  expect(response.status).toBe(200);
  const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
  const data = JSON.parse(strFromU8(files["data.json"])) as AccountData;
  expect(data.studentProfile).toMatchObject({ nationality: "NZ", grade: "upper-second", gradeScore: 60 });
  expect(strFromU8(files["index.html"])).toContain("Upper second (2:1), 60 on the common scale");

  const deleted = await agent.call(deleteAccount, "/api/user", {
    method: "DELETE",
    json: { currentPassword: TEST_PASSWORD },
  });
  expect(deleted.status).toBe(204);
  expect(await prisma.studentProfile.count({ where: { userId: student.id } })).toBe(0);
});

describe("programs' entry requirements and fees through the API", () => {
  const future = new Date(Date.now() + 90 * 86_400_000);
  const deadline = new Date(Date.UTC(future.getUTCFullYear(), future.getUTCMonth(), future.getUTCDate()));
  let universityId: number;
  beforeAll(async () => {
    universityId = (await createUniversity({ name: `Fit ${tag} University` })).id;
  });
  const body = (overrides: Record<string, unknown> = {}) => ({
    name: `Fit ${tag} Studies`,
    universityId,
    level: "Master's",
    field: "Natural Science",
    degree: "MSc",
    duration: 2,
    tuition: "20000.00",
    deadline: deadline.toISOString(),
    description: "Requirements, stated and not.",
    ...overrides,
  });
  const read = async (id: number) =>
    (await (
      await roles.agents.anonymous.call(getProgramRoute, `/api/programs/${id}`, {
        params: { id: String(id) },
      })
    ).json()) as Record<string, unknown>;
  const patch = (id: number, json: unknown) =>
    roles.agents.super.call(patchProgramRoute, `/api/programs/${id}`, {
      method: "PATCH",
      json,
      params: { id: String(id) },
    });

  test("created without them, a program states none; stated ones come back; left out keeps, null clears", async () => {
    const plain = await roles.agents.super.call(createProgramRoute, "/api/programs", { json: body() });
    expect(plain.status).toBe(201);
    const { id } = (await plain.json()) as { id: number };
    expect(await read(id)).toMatchObject({
      minGrade: null,
      minIelts: null,
      startTerms: [],
      tuitionHome: null,
      applicationFee: null,
      visaSponsorship: null,
    });

    const stated = {
      minGrade: "62.5",
      minIelts: 6.5,
      minToefl: "90",
      minCambridge: 176,
      startTerms: "2028-01, 2027-09",
      tuitionHome: "9,250",
      applicationFee: 75,
      visaSponsorship: "yes",
    };
    expect((await patch(id, body(stated))).status).toBe(200);
    expect(await read(id)).toMatchObject({
      minGrade: 62.5,
      minIelts: 6.5,
      minToefl: 90,
      minDuolingo: null,
      minCambridge: 176,
      startTerms: ["2027-09", "2028-01"],
      tuitionHome: "9250.00",
      applicationFee: "75.00",
      visaSponsorship: true,
    });

    expect((await patch(id, body({ description: "Edited." }))).status).toBe(200);
    expect(await read(id)).toMatchObject({ minGrade: 62.5, visaSponsorship: true });
    expect((await patch(id, body({ minGrade: null, visaSponsorship: "", startTerms: [] }))).status).toBe(200);
    expect(await read(id)).toMatchObject({
      minGrade: null,
      visaSponsorship: null,
      startTerms: [],
      minIelts: 6.5,
    });
  });

  test.each([
    [{ minGrade: 101 }, "minGrade"],
    [{ minIelts: 9.5 }, "minIelts"],
    [{ minDuolingo: 112 }, "minDuolingo"],
    [{ minCambridge: 79 }, "minCambridge"],
    [{ startTerms: "September" }, "startTerms.0"],
    [{ tuitionHome: "-5" }, "tuitionHome"],
    [{ visaSponsorship: "maybe" }, "visaSponsorship"],
  ])("%p is a 400 on %s", async (change, field) => {
    const response = await roles.agents.super.call(createProgramRoute, "/api/programs", {
      json: body({ ...change, name: `Refused ${tag} ${field}` }),
    });
    expect(response.status).toBe(400);
    expect(Object.keys(((await response.json()) as { fieldErrors: object }).fieldErrors)).toContain(field);
  });
});
