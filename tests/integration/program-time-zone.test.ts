import { GET as getRoute, PATCH as patchRoute } from "@/app/api/programs/[id]/route";
import { POST as createRoute } from "@/app/api/programs/route";
import { DEADLINE_PASSED, submitApplication } from "@/lib/applications/commands.server";
import { prisma } from "@/lib/db/client.server";
import { HttpError } from "@/lib/http/errors";
import { stopMailQueue } from "@/lib/mail/queue.server";
import { searchPrograms } from "@/lib/programs/search.server";
import { TIME_ZONE_INVALID } from "@/lib/validation/program";
import type { Agent } from "../support/agent";
import { cleanup, createStudent, createUniversity, remember, uniqueTag } from "../support/factories";
import { programFormBody } from "../support/program-body";
import { signInEachRole, type RoleAgents } from "../support/roles";

// A program's deadline is a calendar day that ends at 23:59:59.999 in the program's time zone:
// submitting, the search's open programs and the API's program all follow it.

const tag = uniqueTag();
let roles: RoleAgents;

beforeAll(async () => {
  roles = await signInEachRole(`tz${tag}`);
});

afterAll(async () => {
  await stopMailQueue();
  await cleanup();
});

const statement = "I would love to study here. ".repeat(20);
const history = { institution: "Riverside High", degree: "Diploma", gpa: "3.8", graduationYear: 2024 };

/** Submits to the program at `now`: the application's id, or the refusal's status and message. */
async function submitAt(programId: number, now: string) {
  const student = await createStudent();
  try {
    const application = await submitApplication(
      student.id,
      { programId, personalStatement: statement, academicHistory: history },
      new Date(now),
    );
    remember("application", application);
    return { ok: true as const };
  } catch (error) {
    if (error instanceof HttpError)
      return { ok: false as const, status: error.status, message: error.message };
    throw error;
  }
}

describe("submitting", () => {
  test("to a program whose deadline day is today there: open until 23:59:59.999 there, refused after", async () => {
    const { programs } = await createUniversity({
      name: `California ${tag} University`,
      countryCode: "US",
      programs: [{ deadline: new Date("2090-03-15T00:00:00.000Z"), timeZone: "America/Los_Angeles" }],
    });
    const [program] = programs;
    // 16:00 on 14 March in California, when the deadline used to pass (midnight UTC).
    expect(await submitAt(program.id, "2090-03-15T00:00:00.000Z")).toEqual({ ok: true });
    // 23:59:59.999 on 15 March in California (PDT, UTC-7).
    expect(await submitAt(program.id, "2090-03-16T06:59:59.999Z")).toEqual({ ok: true });
    expect(await submitAt(program.id, "2090-03-16T07:00:00.000Z")).toEqual({
      ok: false,
      status: 422,
      message: DEADLINE_PASSED,
    });
  });

  test("a zone ahead of UTC closes before midnight UTC, and the decide-by date counts from the day there", async () => {
    const { programs } = await createUniversity({
      name: `Line Islands ${tag} University`,
      countryCode: "KI",
      programs: [{ deadline: new Date("2090-03-15T00:00:00.000Z"), timeZone: "Pacific/Kiritimati" }],
    });
    const [program] = programs;
    expect(await submitAt(program.id, "2090-03-15T09:59:59.999Z")).toEqual({ ok: true });
    expect(await submitAt(program.id, "2090-03-15T10:00:00.000Z")).toMatchObject({ ok: false, status: 422 });
    // Submitted at 09:59 UTC on Wednesday 15 March 2090, 23:59 on the 15th in Kiritimati: 20
    // working days after Wednesday 15 March is Wednesday 12 April.
    const [application] = await prisma.application.findMany({
      where: { programId: program.id },
      select: { decideBy: true },
    });
    expect(application.decideBy).toEqual(new Date("2090-04-12T00:00:00.000Z"));
  });
});

test("the search lists a program as open while its deadline day lasts in its own zone", async () => {
  await createUniversity({
    name: `Search ${tag} University`,
    programs: [
      {
        name: "Kiritimati Studies",
        deadline: new Date("2090-03-15T00:00:00.000Z"),
        timeZone: "Pacific/Kiritimati",
      },
      { name: "Kolkata Studies", deadline: new Date("2090-03-15T00:00:00.000Z"), timeZone: "Asia/Kolkata" },
      {
        name: "Pago Pago Studies",
        deadline: new Date("2090-03-15T00:00:00.000Z"),
        timeZone: "Pacific/Pago_Pago",
      },
    ],
  });
  const open = async (now: string) => {
    const result = await searchPrograms(
      { text: `Search ${tag}`, openAt: new Date(now) },
      { rates: {}, sort: "deadline", limit: 10, offset: 0, now: new Date(now) },
    );
    return result.items.map((item) => item.name).sort();
  };
  expect(await open("2090-03-15T09:59:59.999Z")).toEqual([
    "Kiritimati Studies",
    "Kolkata Studies",
    "Pago Pago Studies",
  ]);
  expect(await open("2090-03-15T10:00:00.000Z")).toEqual(["Kolkata Studies", "Pago Pago Studies"]);
  expect(await open("2090-03-15T18:30:00.000Z")).toEqual(["Pago Pago Studies"]);
  expect(await open("2090-03-16T10:59:59.999Z")).toEqual(["Pago Pago Studies"]);
  expect(await open("2090-03-16T11:00:00.000Z")).toEqual([]);
  // Without the filter, the closed ones come after the open ones.
  const all = await searchPrograms(
    { text: `Search ${tag}` },
    { rates: {}, sort: "deadline", limit: 10, offset: 0, now: new Date("2090-03-15T12:00:00.000Z") },
  );
  expect(all.total).toBe(3);
  expect(all.items.at(-1)?.name).toBe("Kiritimati Studies");
});

describe("the API's program", () => {
  const create = (agent: Agent, json: unknown) => agent.call(createRoute, "/api/programs", { json });
  const patch = (agent: Agent, id: number, json: unknown) =>
    agent.call(patchRoute, `/api/programs/${id}`, { method: "PATCH", json, params: { id: String(id) } });
  const get = (agent: Agent, id: number) =>
    agent.call(getRoute, `/api/programs/${id}`, { params: { id: String(id) } });

  test("an unknown zone or an offset is a 400 on timeZone, and nothing is written", async () => {
    const university = await createUniversity({ name: `Refusing ${tag} University`, countryCode: "DE" });
    for (const timeZone of ["Mars/Olympus_Mons", "+05:30", 42]) {
      const response = await create(roles.agents.super, {
        ...programFormBody(university.id, `Refused ${tag} Studies`),
        timeZone,
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ fieldErrors: { timeZone: [TIME_ZONE_INVALID] } });
    }
    expect(await prisma.program.count({ where: { universityId: university.id } })).toBe(0);
  });

  test("a new program without a zone gets its country's (UTC where there are several); PATCH keeps or changes it", async () => {
    const germany = await createUniversity({ name: `Berlin ${tag} University`, countryCode: "DE" });
    const states = await createUniversity({ name: `States ${tag} University`, countryCode: "US" });
    const inGermany = await create(roles.agents.super, programFormBody(germany.id, `German ${tag} Studies`));
    expect(inGermany.status).toBe(201);
    const german = await inGermany.json();
    remember("program", german);
    expect(german.timeZone).toBe("Europe/Berlin");
    const american = await (
      await create(roles.agents.super, programFormBody(states.id, `American ${tag} Studies`))
    ).json();
    remember("program", american);
    expect(american.timeZone).toBe("UTC");

    // A PATCH without the field keeps the zone; with one, changes it.
    const kept = await patch(roles.agents.super, german.id, {
      ...programFormBody(germany.id, `German ${tag} Studies`, "Changed."),
      version: german.version,
    });
    expect(kept.status).toBe(200);
    expect((await kept.json()).timeZone).toBe("Europe/Berlin");
    const moved = await patch(roles.agents.super, american.id, {
      ...programFormBody(states.id, `American ${tag} Studies`),
      timeZone: "America/Chicago",
      version: american.version,
    });
    expect((await moved.json()).timeZone).toBe("America/Chicago");
    expect((await (await get(roles.agents.anonymous, american.id)).json()).timeZone).toBe("America/Chicago");
  });
});

test("the database knows every zone the program form offers", async () => {
  const zones = Intl.supportedValuesOf("timeZone");
  // AT TIME ZONE fails on a name it does not know: one statement tries them all.
  const [{ known }] = await prisma.$queryRaw<{ known: number }[]>`
    SELECT count((timestamp '2090-03-15 00:00' AT TIME ZONE z))::int AS "known"
      FROM unnest(${zones}::text[]) AS z`;
  expect(known).toBe(zones.length);
});
