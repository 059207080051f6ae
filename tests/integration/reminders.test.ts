import { NextRequest } from "next/server";
import { lockMailDelivery } from "../support/mail-delivery-lock";
import { freePort, startSmtpCapture } from "../support/smtp-capture";

// Deadline reminders (sent once per program, reminder and deadline, not to the opted
// out, not for programs applied to, delivered after an SMTP outage), their one-click unsubscribe,
// and the private calendar feed (valid iCalendar, one event per deadline, dead after Reset).
// The job runs at injected moments in 2090, so no other test file's programs are ever due.

const DAY = 86_400_000;
const BASE = new Date("2090-03-01T12:00:00.000Z");
const at = (days: number) => new Date(BASE.getTime() + days * DAY);

// lib/env.server reads SMTP_URL once, when first loaded: the app's modules are loaded after it is set.
let port: number;
let f: typeof import("../support/factories");
let prisma: typeof import("@/lib/db/client.server").prisma;
let job: typeof import("@/lib/reminders/job.server");
let unlockMailDelivery: () => Promise<void>;
beforeAll(async () => {
  unlockMailDelivery = await lockMailDelivery();
  port = await freePort();
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  jest.resetModules();
  f = await import("../support/factories");
  ({ prisma } = await import("@/lib/db/client.server"));
  job = await import("@/lib/reminders/job.server");
});
afterAll(async () => {
  await (await import("@/lib/mail/queue.server")).stopMailQueue();
  await f.cleanup();
  await unlockMailDelivery();
});

const queued = (email: string) =>
  prisma.$queryRaw<
    { id: string; state: string; data: { subject: string; text: string; headers?: Record<string, string> } }[]
  >`
    SELECT id::text, state::text, data FROM pgboss.job WHERE name = 'mail' AND data->>'to' = ${email}
     ORDER BY created_on`;

describe("the reminder job", () => {
  let student: { id: number; email: string };
  let programs: Record<"soon" | "later" | "draft" | "applied" | "far", number>;
  beforeAll(async () => {
    const university = await f.createUniversity({
      programs: [
        { name: "Soon Studies", deadline: at(2) },
        { name: "Later Studies", deadline: at(10) },
        { name: "Draft Studies", deadline: at(12) },
        { name: "Applied Studies", deadline: at(5) },
        { name: "Far Studies", deadline: at(30) },
      ],
    });
    const [soon, later, draft, applied, far] = university.programs.map((p) => p.id);
    programs = { soon, later, draft, applied, far };
    student = await f.createStudent();
    const optedOut = await f.createStudent();
    await prisma.user.update({ where: { id: optedOut.id }, data: { remindersEnabled: false } });
    const inactive = await f.createStudent();
    await prisma.user.update({ where: { id: inactive.id }, data: { isActive: false } });
    for (const userId of [student.id, optedOut.id, inactive.id]) {
      await prisma.shortlistProgram.createMany({
        data: [soon, later, applied, far].map((programId) => ({ userId, programId })),
      });
    }
    await prisma.applicationDraft.create({ data: { userId: student.id, programId: draft, data: {} } });
    await f.createApplication({ userId: student.id, programId: applied });
  });

  const sends = () =>
    prisma.reminderSend.findMany({
      where: { userId: student.id },
      select: { programId: true, daysBefore: true },
      orderBy: [{ programId: "asc" }, { daysBefore: "asc" }],
    });

  test("one e-mail per student and run, each reminder once, at the right moments", async () => {
    // 2 days before "Soon": its 3-day reminder only (never a late 14-day one); 14-day ones for
    // "Later" and the draft; nothing for the program applied to, the far one, or the others.
    expect(await job.sendDueReminders(BASE)).toEqual({ emails: 1, reminders: 3, failed: 0 });
    expect(await sends()).toEqual([
      { programId: programs.soon, daysBefore: 3 },
      { programId: programs.later, daysBefore: 14 },
      { programId: programs.draft, daysBefore: 14 },
    ]);
    const [mail] = await queued(student.email);
    expect(mail.data.subject).toBe("Reminder: 3 application deadlines are coming up");
    expect(mail.data.text).toContain("Soon Studies");
    expect(mail.data.text).toContain(
      `Finish your application: http://localhost:3000/apply/${programs.draft}`,
    );
    expect(mail.data.text).not.toContain("Applied Studies");
    expect(mail.data.text).not.toContain("Far Studies");
    expect(mail.data.headers).toMatchObject({
      "List-Unsubscribe": expect.stringMatching(
        /^<http:\/\/localhost:3000\/api\/reminders\/unsubscribe\?token=/,
      ),
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });

    // Run again, the same hour and later that day: nothing new.
    expect(await job.sendDueReminders(BASE)).toEqual({ emails: 0, reminders: 0, failed: 0 });
    expect(await job.sendDueReminders(new Date(BASE.getTime() + 3_600_000))).toMatchObject({ reminders: 0 });

    // Eight days on: "Later" reaches its 3-day point; the draft (4 days left) had its 14-day one.
    expect(await job.sendDueReminders(at(8))).toEqual({ emails: 1, reminders: 1, failed: 0 });
    expect(await job.sendDueReminders(at(8))).toMatchObject({ reminders: 0 });
    expect(await job.sendDueReminders(at(9.5))).toEqual({ emails: 1, reminders: 1, failed: 0 });
    expect(await queued(student.email)).toHaveLength(3);

    // A moved deadline gets fresh reminders: "Later" now closes on day 20 (12 days left).
    await prisma.program.update({ where: { id: programs.later }, data: { deadline: at(20) } });
    expect(await job.sendDueReminders(at(9.5))).toEqual({ emails: 1, reminders: 1, failed: 0 });
    expect(await job.sendDueReminders(at(9.5))).toMatchObject({ reminders: 0 });
  });

  test("a failed enqueue records nothing, so the next run sends it (transaction order)", async () => {
    const other = await f.createStudent();
    await prisma.shortlistProgram.create({ data: { userId: other.id, programId: programs.far } });
    // The queue refuses this student's e-mail (as a full disk or a lost connection would).
    await prisma.$executeRawUnsafe(
      `ALTER TABLE pgboss.job ADD CONSTRAINT reminders_test_refuse CHECK (data->>'to' IS DISTINCT FROM '${other.email}')`,
    );
    try {
      // The first student's reminders (moved "Later" at 3 days, "Far" at 13) go out regardless.
      expect(await job.sendDueReminders(at(17))).toEqual({ emails: 1, reminders: 2, failed: 1 });
    } finally {
      await prisma.$executeRawUnsafe("ALTER TABLE pgboss.job DROP CONSTRAINT reminders_test_refuse");
    }
    expect(await prisma.reminderSend.count({ where: { userId: other.id } })).toBe(0);
    expect(await job.sendDueReminders(at(17))).toEqual({ emails: 1, reminders: 1, failed: 0 });
    expect(await prisma.reminderSend.count({ where: { userId: other.id } })).toBe(1);
  });

  test("SMTP down: the reminders wait in the queue and are delivered once when it is back", async () => {
    const { deliverDueMail } = await import("@/lib/mail/worker.server");
    // Nothing listens on the port: the delivery fails and the jobs wait for a retry.
    const down = await deliverDueMail();
    expect(down.failed).toBeGreaterThanOrEqual(1);
    expect((await queued(student.email)).every((j) => j.state === "retry")).toBe(true);

    const smtp = await startSmtpCapture(port);
    try {
      await prisma.$executeRaw`UPDATE pgboss.job SET start_after = now()
        WHERE name = 'mail' AND data->>'to' = ${student.email} AND state = 'retry'`;
      await deliverDueMail();
      await deliverDueMail();
      const received = smtp.inbox.filter((m) => m.to.includes(student.email));
      expect(received).toHaveLength(5);
      const headers = received[0].raw.split("\r\n\r\n")[0].replace(/\r\n[ \t]+/g, " ");
      expect(headers).toMatch(
        /^List-Unsubscribe: <http:\/\/localhost:3000\/api\/reminders\/unsubscribe\?token=/m,
      );
      expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
      expect((await queued(student.email)).every((j) => j.state === "completed")).toBe(true);
    } finally {
      await smtp.stop();
    }
  });
});

describe("one-click unsubscribe", () => {
  test("a bad token is a 4xx in the error shape; a good one turns reminders off (a GET does not)", async () => {
    const { POST, GET } = await import("@/app/api/reminders/unsubscribe/route");
    const { unsubscribeToken } = await import("@/lib/reminders/tokens.server");
    const { Agent } = await import("../support/agent");
    const student = await f.createStudent();
    const token = unsubscribeToken(student.id);
    const mailClient = new Agent();
    const enabled = async () =>
      (await prisma.user.findUniqueOrThrow({ where: { id: student.id } })).remindersEnabled;

    for (const query of [
      "",
      `?token=${token}x`,
      `?token=${token.replace(/^\d+/, "2147483647")}`,
      "?token=abc",
    ]) {
      const response = await mailClient.call(POST, `/api/reminders/unsubscribe${query}`, { method: "POST" });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(await response.json()).toMatchObject({ error: expect.any(String) });
    }
    const scanned = await mailClient.call(GET, `/api/reminders/unsubscribe?token=${token}`);
    expect(scanned.status).toBe(303);
    expect(scanned.headers.get("location")).toBe(`/reminders/unsubscribe?token=${token}`);
    expect(await enabled()).toBe(true);

    // The mail client's one-click POST has no Origin a browser would send (RFC 8058).
    const response = await mailClient.call(POST, `/api/reminders/unsubscribe?token=${token}`, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(200);
    expect(await enabled()).toBe(false);
  });

  test("the page's button does the same (the page alone does not)", async () => {
    const { Agent } = await import("../support/agent");
    const { unsubscribeAction } = await import("@/lib/reminders/actions");
    const { unsubscribeToken } = await import("@/lib/reminders/tokens.server");
    const student = await f.createStudent();
    const visitor = new Agent();
    expect((await visitor.act(unsubscribeAction, { token: "1.nope" })).state).toMatchObject({
      error: expect.any(String),
    });
    expect(
      (await visitor.act(unsubscribeAction, { token: unsubscribeToken(student.id) })).state,
    ).toMatchObject({
      message: expect.stringContaining("no longer receive"),
    });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: student.id } })).remindersEnabled).toBe(false);
  });
});

/** The iCalendar text's components: lines unfolded (RFC 5545 §3.1), then BEGIN/END nested. */
function parseIcs(text: string) {
  expect(text.endsWith("\r\n")).toBe(true);
  const lines = text
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .filter(Boolean);
  const events: Record<string, string>[] = [];
  const stack: string[] = [];
  for (const line of lines) {
    const [name, ...rest] = line.split(":");
    const value = rest.join(":");
    if (name === "BEGIN") {
      stack.push(value);
      if (value === "VEVENT") events.push({});
    } else if (name === "END") {
      expect(stack.pop()).toBe(value);
    } else if (stack.at(-1) === "VEVENT") {
      events.at(-1)![name] = value;
    }
  }
  expect(stack).toEqual([]);
  expect(lines[0]).toBe("BEGIN:VCALENDAR");
  expect(lines).toContain("VERSION:2.0");
  return events;
}

describe("the calendar feed", () => {
  test("valid iCalendar, one event per saved or applied-to program at 23:59 in its zone, dead after Reset", async () => {
    const { GET } = await import("@/app/(student)/user/deadlines.ics/route");
    const { reminderSettings, resetCalendarUrl } = await import("@/lib/reminders/settings.server");
    const { Agent } = await import("../support/agent");
    const university = await f.createUniversity({
      name: `Calendar ${f.uniqueTag()} University`,
      programs: [
        {
          name: "Saved, Studies",
          deadline: new Date("2090-05-20T00:00:00.000Z"),
          timeZone: "America/Los_Angeles",
        },
        { name: "Applied Studies", deadline: new Date("2090-06-30T00:00:00.000Z") },
        { name: "Other Studies" },
      ],
    });
    const [saved, applied] = university.programs;
    const student = await f.createStudent();
    await prisma.shortlistProgram.create({ data: { userId: student.id, programId: saved.id } });
    await f.createApplication({ userId: student.id, programId: applied.id });
    const calendarApp = new Agent(); // signed out, as calendar apps are
    const fetchFeed = (url: string) => {
      const { pathname, search } = new URL(url);
      return calendarApp.call(GET, `${pathname}${search}`);
    };

    const { calendarUrl } = await reminderSettings(student.id);
    expect(calendarUrl).toMatch(/^http:\/\/localhost:3000\/user\/deadlines\.ics\?token=/);
    const response = await fetchFeed(calendarUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const text = await response.text();
    const events = parseIcs(text);
    expect(events).toHaveLength(2);
    // The last minute of the deadline day on the program's clocks, in UTC: 23:59 on 20 May in
    // California (PDT, UTC-7), 23:59 on 30 June in UTC. Calendar apps show it in the student's zone.
    expect(events.map((e) => [e.DTSTART, e.DTEND])).toEqual([
      ["20900521T065900Z", "20900521T070000Z"],
      ["20900630T235900Z", "20900701T000000Z"],
    ]);
    expect(text.replace(/\r\n /g, "")).toContain(
      "Applications close at 20 May 2090\\, 23:59 (America/Los_Angeles).",
    );
    expect(events[0].SUMMARY).toBe(`Application deadline: Saved\\, Studies – ${university.name}`);
    expect(events[0]["URL;VALUE=URI"]).toBe(`http://localhost:3000/university/${university.slug}`);
    // Stable UIDs: the same event on every refresh.
    expect(parseIcs(await (await fetchFeed(calendarUrl)).text()).map((e) => e.UID)).toEqual(
      events.map((e) => e.UID),
    );
    expect(new Set(events.map((e) => e.UID)).size).toBe(2);

    await resetCalendarUrl(student.id);
    const old = await fetchFeed(calendarUrl);
    expect(old.status).toBe(404);
    expect(await old.json()).toMatchObject({ error: expect.stringContaining("reset") });
    const fresh = (await reminderSettings(student.id)).calendarUrl;
    expect(fresh).not.toBe(calendarUrl);
    expect((await fetchFeed(fresh)).status).toBe(200);

    for (const token of ["", "nonsense", "1.0.abc", `${student.id + 1000000}.0.x`]) {
      const answer = await calendarApp.call(GET, `/user/deadlines.ics?token=${token}`);
      expect([400, 404]).toContain(answer.status);
      expect(await answer.json()).toMatchObject({ error: expect.any(String) });
    }
  });

  test("an offer waiting for a reply and an interview are in the feed, where and when", async () => {
    const { GET } = await import("@/app/(student)/user/deadlines.ics/route");
    const { reminderSettings } = await import("@/lib/reminders/settings.server");
    const { moveApplication } = await import("@/lib/applications/transition.server");
    const { Agent } = await import("../support/agent");
    const university = await f.createUniversity({
      name: `Dates ${f.uniqueTag()} University`,
      programs: [{ name: "Offered Studies" }, { name: "Interview Studies" }],
    });
    const student = await f.createStudent();
    const admin = await f.createSuperAdmin();
    const mover = { id: admin.id, role: "admin" as const, adminType: "super" as const, permissions: [] };
    const [offered, interviewed] = await Promise.all(
      university.programs.map((program) =>
        f.createApplication({ userId: student.id, programId: program.id, status: "sent_to_university" }),
      ),
    );
    await moveApplication(mover, offered.id, {
      status: "approved",
      offer: { conditions: [], replyBy: new Date("2090-03-12") },
    });
    await moveApplication(mover, interviewed.id, {
      status: "interviewing",
      interview: {
        startsAt: "2090-02-03T14:30:00+01:00",
        timeZone: "Europe/Berlin",
        mode: "in-person",
        location: "Main Building, Room 101",
      },
    });
    const { pathname, search } = new URL((await reminderSettings(student.id)).calendarUrl);
    const events = parseIcs(await (await new Agent().call(GET, `${pathname}${search}`)).text());
    const reply = events.find((e) => e.SUMMARY?.startsWith("Reply to your offer"));
    expect([reply?.DTSTART, reply?.DTEND]).toEqual(["20900312T235900Z", "20900313T000000Z"]);
    expect(reply?.SUMMARY).toBe(`Reply to your offer: Offered Studies – ${university.name}`);
    const interview = events.find((e) => e.SUMMARY?.startsWith("Interview"));
    expect(interview?.DTSTART).toBe("20900203T133000Z");
    expect(interview?.DTEND).toBe("20900203T143000Z");
    expect(interview?.LOCATION).toBe("Main Building\\, Room 101");
    expect(interview?.UID).toBe(`interview-${interviewed.id}@localhost:3000`);
  });

  test("proxy.ts lets signed-out calendar apps reach the feed, not the rest of /user", async () => {
    const { proxy } = await import("@/proxy");
    const feed = await proxy(new NextRequest("http://localhost:3000/user/deadlines.ics?token=1.0.x"));
    expect(feed.headers.get("x-middleware-next")).toBe("1");
    expect(feed.headers.get("location")).toBeNull();
    for (const path of ["/user/deadlines.ics/x", "/user/deadlines.icsx", "/user/profile"]) {
      const page = await proxy(new NextRequest(`http://localhost:3000${path}`));
      expect(page.status).toBe(307);
      expect(page.headers.get("location")).toContain("/auth?callbackUrl=");
    }
  });
});
