import { strFromU8, unzipSync } from "fflate";
import { lockMailDelivery } from "../support/mail-delivery-lock";
import { freePort } from "../support/smtp-capture";

// A scholarship on a student's shortlist: its deadline's reminders (14 and 3 days before, once per
// deadline, not once archived or unsaved), its event in the calendar feed, the saved scholarship
// search's alert that lists a new match, the data download, and account deletion. The jobs run at
// moments of 2087, clear of other files' programs (reminders: 2090) and windows (alerts: 2090,
// 2091); this file holds the mail delivery lock, as the other files that run the jobs do.

const DAY = 86_400_000;
const BASE = new Date("2087-03-01T12:00:00.000Z");
const at = (days: number) => new Date(BASE.getTime() + days * DAY);
/** Midnight UTC of the day `days` after BASE's: a stored deadline. */
const day = (days: number) => new Date(Date.UTC(2087, 2, 1 + days));

let f: typeof import("../support/factories");
let prisma: typeof import("@/lib/db/client.server").prisma;
let reminders: typeof import("@/lib/reminders/job.server");
let alerts: typeof import("@/lib/saved-searches/alerts-job.server");
let signIn: typeof import("../support/roles").signIn;
let unlockMailDelivery: () => Promise<void>;
beforeAll(async () => {
  unlockMailDelivery = await lockMailDelivery();
  process.env.SMTP_URL = `smtp://127.0.0.1:${await freePort()}`;
  jest.resetModules();
  f = await import("../support/factories");
  ({ prisma } = await import("@/lib/db/client.server"));
  reminders = await import("@/lib/reminders/job.server");
  alerts = await import("@/lib/saved-searches/alerts-job.server");
  ({ signIn } = await import("../support/roles"));
});
afterAll(async () => {
  await (await import("@/lib/mail/queue.server")).stopMailQueue();
  await f.cleanup();
  await unlockMailDelivery();
});

const queued = (email: string) =>
  prisma.$queryRaw<{ data: { subject: string; text: string } }[]>`
    SELECT data FROM pgboss.job WHERE name = 'mail' AND data->>'to' = ${email} ORDER BY created_on`;

describe("a shortlisted scholarship", () => {
  let student: Awaited<ReturnType<typeof import("../support/factories").createStudent>>;
  let soon: { id: number; name: string };
  let later: { id: number; name: string };
  let archived: { id: number };
  let unsaved: { id: number };
  beforeAll(async () => {
    const provider = `Jobs ${f.uniqueTag()}`;
    student = await f.createStudent();
    soon = await f.createScholarship({
      name: "Soon Grant",
      provider,
      deadline: day(2),
      timeZone: "Europe/Berlin",
    });
    later = await f.createScholarship({ name: "Later Grant", provider, deadline: day(10) });
    archived = await f.createScholarship({ provider, deadline: day(5), archivedAt: at(-1) });
    unsaved = await f.createScholarship({ provider, deadline: day(6) });
    const far = await f.createScholarship({ provider, deadline: day(40) });
    const rolling = await f.createScholarship({ provider, deadline: null });
    await prisma.shortlistScholarship.createMany({
      data: [soon, later, archived, far, rolling].map(({ id }) => ({
        userId: student.id,
        scholarshipId: id,
      })),
    });
  });

  const sends = () =>
    prisma.scholarshipReminderSend.findMany({
      where: { userId: student.id },
      select: { scholarshipId: true, daysBefore: true },
      orderBy: [{ deadline: "asc" }, { daysBefore: "asc" }],
    });

  test("reminds 14 and 3 days before its deadline, once, in the reminder e-mail", async () => {
    expect(await reminders.sendDueReminders(BASE)).toEqual({ emails: 1, reminders: 2, failed: 0 });
    expect(await sends()).toEqual([
      { scholarshipId: soon.id, daysBefore: 3 },
      { scholarshipId: later.id, daysBefore: 14 },
    ]);
    const [mail] = await queued(student.email);
    expect(mail.data.subject).toBe("Reminder: 2 application deadlines are coming up");
    expect(mail.data.text).toContain("Soon Grant, Jobs");
    expect(mail.data.text).toContain("deadline 3 March 2087, 23:59 (Europe/Berlin)");
    expect(mail.data.text).toContain(
      "Scholarship on your shortlist: http://localhost:3000/scholarships?q=Later+Grant",
    );

    // Again, the same hour: nothing. Eight days on, "Later" reaches its 3-day point.
    expect(await reminders.sendDueReminders(BASE)).toEqual({ emails: 0, reminders: 0, failed: 0 });
    expect(await reminders.sendDueReminders(at(8))).toEqual({ emails: 1, reminders: 1, failed: 0 });
    const last = (await queued(student.email)).at(-1)!;
    expect(last.data.subject).toBe(
      "Reminder: the deadline for Later Grant (Jobs " + last.data.subject.split("(Jobs ")[1],
    );
    expect(last.data.subject).toMatch(
      /^Reminder: the deadline for Later Grant \(Jobs t[0-9a-f]+\) is 11 March 2087$/,
    );

    // A moved deadline gets its reminders again; one removed from the shortlist gets none.
    await prisma.scholarship.update({ where: { id: later.id }, data: { deadline: day(20) } });
    expect(await reminders.sendDueReminders(at(8))).toEqual({ emails: 1, reminders: 1, failed: 0 });
    await prisma.shortlistScholarship.delete({
      where: { userId_scholarshipId: { userId: student.id, scholarshipId: later.id } },
    });
    expect(await reminders.sendDueReminders(at(18))).toEqual({ emails: 0, reminders: 0, failed: 0 });
    expect(
      await prisma.scholarshipReminderSend.count({
        where: { scholarshipId: { in: [archived.id, unsaved.id] } },
      }),
    ).toBe(0);
  });

  test("is an event of the calendar feed, at 23:59 on its deadline day in its zone", async () => {
    const { GET } = await import("@/app/(student)/user/deadlines.ics/route");
    const { reminderSettings } = await import("@/lib/reminders/settings.server");
    const { Agent } = await import("../support/agent");
    const { pathname, search } = new URL((await reminderSettings(student.id)).calendarUrl);
    const response = await new Agent().call(GET, `${pathname}${search}`);
    expect(response.status).toBe(200);
    const text = (await response.text()).replace(/\r\n[ \t]/g, "");
    expect(text).toContain(`UID:scholarship-${soon.id}@localhost:3000`);
    // 23:59 on 3 March 2087 in Berlin (CET, UTC+1).
    expect(text).toContain("DTSTART:20870303T225900Z");
    expect(text).toMatch(/SUMMARY:Scholarship deadline: Soon Grant – Jobs t[0-9a-f]+/);
    // Neither the archived one nor one not saved.
    expect(text).not.toContain(`scholarship-${archived.id}@`);
    expect(text).not.toContain(`scholarship-${unsaved.id}@`);
  });

  test("is in the data download; deleting the account deletes it from the shortlist", async () => {
    const { GET: exportData } = await import("@/app/api/user/export/route");
    const { DELETE: deleteAccount } = await import("@/app/api/user/route");
    const agent = await signIn(student.username);
    const files = unzipSync(
      new Uint8Array(await (await agent.call(exportData, "/api/user/export")).arrayBuffer()),
    );
    const data = JSON.parse(strFromU8(files["data.json"]));
    expect(data.shortlist).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: "scholarship",
          id: soon.id,
          name: "Soon Grant",
          provider: expect.any(String),
        }),
      ]),
    );
    expect(data.reminders.scholarshipRemindersSent).toEqual(
      expect.arrayContaining([expect.objectContaining({ scholarship: "Soon Grant", daysBefore: 3 })]),
    );
    expect(strFromU8(files["index.html"])).toContain("Scholarship: Soon Grant");

    const deleted = await agent.call(deleteAccount, "/api/user", {
      method: "DELETE",
      json: { currentPassword: f.TEST_PASSWORD },
    });
    expect(deleted.status).toBe(204);
    expect(await prisma.shortlistScholarship.count({ where: { userId: student.id } })).toBe(0);
    expect(await prisma.scholarshipReminderSend.count({ where: { userId: student.id } })).toBe(0);
    // The scholarship itself stays.
    expect(await prisma.scholarship.count({ where: { id: soon.id } })).toBe(1);
  });
});

describe("a saved scholarship search", () => {
  test("its weekly alert lists a new or changed scholarship that matches it, once", async () => {
    const { POST: saveSearch } = await import("@/app/api/user/searches/route");
    const tag = f.uniqueTag();
    const student = await f.createStudent();
    const agent = await signIn(student.username);
    const saved = await agent.call(saveSearch, "/api/user/searches", {
      json: { kind: "scholarships", query: `?q=${tag}&nationality=ke&sort=name`, name: "Kenyan funding" },
    });
    expect(saved.status).toBe(201);
    const search = (await saved.json()) as { id: number; query: string; path: string; description: string };
    expect(search).toMatchObject({
      query: `nationality=KE&q=${tag}`,
      path: `/scholarships?nationality=KE&q=${tag}`,
      description: `Scholarships: open to nationality KE, "${tag}"`,
    });
    await prisma.savedSearch.update({ where: { id: search.id }, data: { alertedUntil: BASE } });

    const match = await f.createScholarship({ name: `${tag} Kenya Award`, nationalities: ["KE", "UG"] });
    const notForKenyans = await f.createScholarship({ name: `${tag} Nigeria Award`, nationalities: ["NG"] });
    for (const { id } of [match, notForKenyans]) {
      await prisma.scholarship.update({ where: { id }, data: { createdAt: at(1), updatedAt: at(1) } });
    }
    expect(await alerts.sendSearchAlerts(at(3))).toEqual({ emails: 1, searches: 1, failed: 0 });
    const [mail] = await queued(student.email);
    expect(mail.data.subject).toBe("1 new or changed result in your saved search");
    expect(mail.data.text).toContain(`New: ${tag} Kenya Award, ${match.provider}`);
    expect(mail.data.text).not.toContain("Nigeria Award");
    expect(await alerts.sendSearchAlerts(at(3))).toEqual({ emails: 0, searches: 0, failed: 0 });

    // Changed since: listed again as changed; one that stopped matching is not.
    await prisma.scholarship.update({ where: { id: match.id }, data: { updatedAt: at(5) } });
    await prisma.scholarship.update({ where: { id: notForKenyans.id }, data: { updatedAt: at(5) } });
    expect(await alerts.sendSearchAlerts(at(8))).toEqual({ emails: 1, searches: 1, failed: 0 });
    expect((await queued(student.email)).at(-1)!.data.text).toContain(`Changed: ${tag} Kenya Award`);
  });
});
