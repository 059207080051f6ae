import {
  findOwnApplication,
  listApplicationHistories,
  listApplications,
  listUpcomingDeadlines,
} from "@/lib/applications/queries.server";
import { prisma } from "@/lib/db/client.server";
import { cleanup, createApplication, createStudent, createUniversity, uniqueTag } from "../support/factories";

const DAY = 86_400_000;
const tag = uniqueTag();
const now = new Date("2031-03-01T12:00:00Z");
const daysFromNow = (days: number) => new Date(now.getTime() + days * DAY);

let studentId: number;
let otherStudentId: number;
let programs: Record<string, number>;
let universitySlug: string;

beforeAll(async () => {
  const university = await createUniversity({
    name: `Deadline ${tag} University`,
    programs: [
      { name: "Soon", degree: "BSc", deadline: daysFromNow(10) },
      { name: "Sooner", degree: "BA", deadline: daysFromNow(3) },
      { name: "Edge", degree: "MSc", deadline: daysFromNow(90) },
      { name: "Too late", degree: "MA", deadline: daysFromNow(91) },
      { name: "Passed", degree: "MBA", deadline: daysFromNow(-1) },
      { name: "Not applied", degree: "BEng", deadline: daysFromNow(5) },
      { name: "Sixth", degree: "PhD", deadline: daysFromNow(200) },
    ],
  });
  universitySlug = university.slug;
  programs = Object.fromEntries(university.programs.map((p) => [p.name, p.id]));

  studentId = (await createStudent({ fullName: `Student ${tag}` })).id;
  otherStudentId = (await createStudent()).id;

  // Applied on successive days: "Soon" oldest, "Sixth" newest.
  const applied = ["Soon", "Sooner", "Edge", "Too late", "Passed", "Sixth"];
  const statuses = ["pending", "in_review", "rejected", "sent_to_university", "approved", "pending"] as const;
  for (const [i, name] of applied.entries()) {
    await createApplication({
      userId: studentId,
      programId: programs[name],
      status: statuses[i],
      submittedAt: new Date(now.getTime() - (applied.length - i) * DAY),
    });
  }
  // Another student's application must not show up.
  await createApplication({ userId: otherStudentId, programId: programs["Not applied"] });
});

afterAll(cleanup);

describe("listApplications for one student (the dashboard's My Applications)", () => {
  const latest = async (userId: number, limit: number) =>
    (await listApplications({ userId, limit, offset: 0 })).items;

  test("gives the student's latest five, newest first, with the SPEC status names", async () => {
    const recent = await latest(studentId, 5);
    expect(recent.map((a) => a.program.name)).toEqual(["Sixth", "Passed", "Too late", "Edge", "Sooner"]);
    expect(recent.map((a) => a.status)).toEqual([
      "pending",
      "approved",
      "sent-to-university",
      "rejected",
      "in-review",
    ]);
    expect(recent[0]).toMatchObject({
      status: "pending",
      submittedAt: new Date(now.getTime() - DAY).toISOString(),
      program: { id: programs["Sixth"], name: "Sixth", degree: "PhD" },
      university: { name: `Deadline ${tag} University`, slug: universitySlug },
    });
  });

  test("honours the limit, and a student without applications gets none", async () => {
    expect(await latest(studentId, 2)).toHaveLength(2);
    expect(await latest(studentId, 10)).toHaveLength(6);
    const loner = await createStudent();
    expect(await latest(loner.id, 5)).toEqual([]);
  });
});

describe("listUpcomingDeadlines", () => {
  test("lists the applied programs due within the next 90 days, nearest first", async () => {
    const deadlines = await listUpcomingDeadlines(studentId, now, 90);
    expect(deadlines).toEqual([
      {
        programId: programs["Sooner"],
        programName: "Sooner",
        degree: "BA",
        deadline: daysFromNow(3),
        timeZone: "UTC",
        university: { name: `Deadline ${tag} University`, slug: universitySlug },
      },
      expect.objectContaining({ programName: "Soon", deadline: daysFromNow(10) }),
      expect.objectContaining({ programName: "Edge", deadline: daysFromNow(90) }),
    ]);
  });

  test("the window moves with `now` and `days`", async () => {
    expect((await listUpcomingDeadlines(studentId, now, 5)).map((d) => d.programName)).toEqual(["Sooner"]);
    expect((await listUpcomingDeadlines(studentId, daysFromNow(4), 90)).map((d) => d.programName)).toEqual([
      "Soon",
      "Edge",
      "Too late",
    ]);
    expect((await listUpcomingDeadlines(studentId, now, 90, 1)).map((d) => d.programName)).toEqual([
      "Sooner",
    ]);
  });

  test("another student's programs and a student without applications give nothing", async () => {
    expect(await listUpcomingDeadlines(otherStudentId, daysFromNow(10), 90)).toEqual([]);
    expect((await listUpcomingDeadlines(otherStudentId, now, 90)).map((d) => d.programName)).toEqual([
      "Not applied",
    ]);
  });
});

describe("listApplicationHistories", () => {
  test("gives each application's events oldest first, in one map, with the SPEC status names", async () => {
    const soon = await prisma.application.findFirstOrThrow({
      where: { userId: studentId, programId: programs["Soon"] },
    });
    const sooner = await prisma.application.findFirstOrThrow({
      where: { userId: studentId, programId: programs["Sooner"] },
    });
    const reviewer = await createStudent();
    await prisma.applicationEvent.createMany({
      data: [
        {
          applicationId: sooner.id,
          actorId: reviewer.id,
          actorName: reviewer.fullName,
          fromStatus: "pending",
          toStatus: "in_review",
          note: "Looking",
          createdAt: daysFromNow(-1),
        },
        {
          applicationId: sooner.id,
          actorId: studentId,
          actorName: `Student ${tag}`,
          fromStatus: null,
          toStatus: "pending",
          createdAt: daysFromNow(-2),
        },
      ],
    });

    const histories = await listApplicationHistories([soon.id, sooner.id]);
    expect(histories.get(soon.id)).toEqual([]);
    expect(histories.get(sooner.id)).toEqual([
      // Written before the transition table: no transition name, reason or data.
      {
        at: daysFromNow(-2).toISOString(),
        from: null,
        to: "pending",
        note: null,
        by: `Student ${tag}`,
        transition: null,
        reason: null,
        data: null,
      },
      {
        at: daysFromNow(-1).toISOString(),
        from: "pending",
        to: "in-review",
        note: "Looking",
        by: reviewer.fullName,
        transition: null,
        reason: null,
        data: null,
      },
    ]);
    expect(await listApplicationHistories([])).toEqual(new Map());
  });
});

describe("findOwnApplication", () => {
  test("finds the student's application to a program, and nobody else's", async () => {
    expect(await findOwnApplication(studentId, programs["Sooner"])).toEqual({
      id: expect.any(Number),
      status: "in-review",
      submittedAt: expect.any(Date),
    });
    expect(await findOwnApplication(studentId, programs["Not applied"])).toBeNull();
    expect(await findOwnApplication(otherStudentId, programs["Sooner"])).toBeNull();
  });
});
