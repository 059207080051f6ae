import { GET as getFit } from "@/app/api/user/fit/route";
import { PUT as putProfile } from "@/app/api/user/study-profile/route";
import { prisma } from "@/lib/db/client.server";
import type { FitResult } from "@/lib/fit/rules";
import { FIT_PROGRAMS_MAX, FIT_PROGRAMS_MESSAGE } from "@/lib/validation/fit";
import { Agent } from "../support/agent";
import { cleanup, createStudent, createUniversity, uniqueTag } from "../support/factories";
import { signIn } from "../support/roles";

// GET /api/user/fit: the fit check of the signed-in user's own profile against the programs a
// public page shows (the page is cached for everyone, so its cards ask from the browser).

const tag = uniqueTag();
let agent: Agent;
let other: Agent;
let anonymous: Agent;
let programIds: number[];

beforeAll(async () => {
  const student = await createStudent({ username: `fitapi_${tag}` });
  agent = await signIn(student.username);
  other = await signIn((await createStudent({ username: `fitapi2_${tag}` })).username);
  anonymous = new Agent();
  const university = await createUniversity({
    countryCode: "NZ",
    programs: [
      { name: `Reach ${tag}`, tuition: 10_000 },
      { name: `Far ${tag}`, tuition: 10_000 },
    ],
  });
  programIds = university.programs.map((program) => program.id);
  await prisma.program.update({ where: { id: programIds[0] }, data: { minGrade: 60 } });
  await prisma.program.update({ where: { id: programIds[1] }, data: { minGrade: 90 } });
  const saved = await agent.call(putProfile, "/api/user/study-profile", {
    method: "PUT",
    json: { gradeScale: "percentage", grade: "75" },
  });
  expect(saved.status).toBe(200);
});

afterAll(cleanup);

const fit = (who: Agent, programs: string) =>
  who.call(getFit, `/api/user/fit?${new URLSearchParams({ programs })}`);

test("signed out: 401", async () => {
  expect((await fit(anonymous, String(programIds[0]))).status).toBe(401);
});

test("each program's requirements against the student's own profile; unknown ids are left out", async () => {
  const response = await fit(agent, `${programIds.join(",")},2147483647`);
  expect(response.status).toBe(200);
  const { fits } = (await response.json()) as { fits: Record<string, FitResult[]> };
  expect(Object.keys(fits).sort()).toEqual(programIds.map(String).sort());
  const grade = (id: number) => fits[String(id)].find((result) => result.rule === "grade");
  expect(grade(programIds[0])).toMatchObject({ status: "met", reason: expect.stringContaining("yours 75") });
  expect(grade(programIds[1])).toMatchObject({ status: "not-met" });
  expect(fits[String(programIds[0])].map((result) => result.rule)).toEqual([
    "grade",
    "english",
    "budget",
    "start",
    "visa",
  ]);
});

test("a student without a profile gets null: nothing to check", async () => {
  const response = await fit(other, String(programIds[0]));
  expect(await response.json()).toEqual({ fits: null });
});

test.each([
  ["no ids", ""],
  ["a word", `${1},x`],
  ["a negative id", "-3"],
  ["too many ids", Array.from({ length: FIT_PROGRAMS_MAX + 1 }, (_, index) => index + 1).join(",")],
])("%s: 400 naming what to send", async (_name, programs) => {
  const response = await fit(agent, programs);
  expect(response.status).toBe(400);
  expect(JSON.stringify(await response.json())).toContain(FIT_PROGRAMS_MESSAGE);
});
