import { GET, PUT } from "@/app/api/user/notifications/route";
import { replyToOffer, submitApplication } from "@/lib/applications/commands.server";
import { readyToQueueMail } from "@/lib/applications/mail.server";
import { moveApplication } from "@/lib/applications/transition.server";
import { formatDate } from "@/lib/format";
import { newSubmissionNotice } from "@/lib/mail/templates/team-notice.server";
import { tellStaff } from "@/lib/notifications/tell.server";
import { answerRequest, createRequest } from "@/lib/applications/requests.server";
import { prisma } from "@/lib/db/client.server";
import { stopMailQueue } from "@/lib/mail/queue.server";
import { saveNoticePreferencesAction } from "@/lib/notifications/actions";
import { sendDigests, type DigestResult } from "@/lib/notifications/digest.server";
import { NOTICE_DEFAULTS, type NoticeDelivery, type NoticeKind } from "@/lib/notifications/kinds";
import { saveNoticePreferences, UNKNOWN_UNIVERSITY } from "@/lib/notifications/preferences.server";
import {
  cleanup,
  createApplication,
  createStudent,
  createTeamAdmin,
  createUniversity,
  uniqueTag,
  viewerOf,
} from "../support/factories";
import { describeOnPostgres, openSession, waitForLockWaiters } from "../support/postgres-only";
import { signIn, signInEachRole } from "../support/roles";

// Staff e-mail notices (lib/notifications): each staff member's choices, who is told of each
// event (at once, in the digest, or not), and the daily digest with its once-a-day ledger.
//
// The digest lists events up to the moment it runs, so the events digested here happen at moments
// in the 1980s (each describe earlier than the one before): no other file's events are that old,
// and a digest run here lists only this file's. No application of this file is ever due for the
// application jobs, which other files run at moments in the 1990s: submissions happen now (their
// decide-by day is weeks ahead), and the applications made for dated events are decided in the
// 2030s.

afterAll(async () => {
  await stopMailQueue();
  await cleanup();
});

const mailsTo = (email: string) =>
  prisma.$queryRaw<{ subject: string; text: string }[]>`
    SELECT data->>'subject' AS subject, data->>'text' AS text FROM pgboss.job
     WHERE name = 'mail' AND data->>'to' = ${email} ORDER BY created_on, id`;

/** The subjects of the e-mails to `email` about applications of `university`. */
const subjectsTo = async (email: string, university: string) =>
  (await mailsTo(email)).map((m) => m.subject).filter((subject) => subject.includes(university));

/** The events waiting for `userId`'s digest, by kind. */
const waitingFor = async (userId: number) =>
  (
    await prisma.staffDigestItem.findMany({
      where: { userId, digestId: null },
      orderBy: { id: "asc" },
      select: { kind: true },
    })
  ).map((item) => item.kind);

type Choices = Partial<Record<NoticeKind, NoticeDelivery>>;

/**
 * A team admin with these choices (the defaults otherwise) handling these universities. Active
 * only once they are saved: until then they would be of the general team, told of other files'
 * applications that nobody handles.
 */
async function staffMember(choices: Choices, universityIds: number[], name = `Staff ${uniqueTag()}`) {
  const user = await createTeamAdmin({ fullName: name, isActive: false });
  await saveNoticePreferences(user, { ...NOTICE_DEFAULTS, ...choices, universityIds });
  await prisma.user.update({ where: { id: user.id }, data: { isActive: true } });
  return user;
}

const statement = "I would love to study here. ".repeat(20);
const history = { institution: "Riverside High", degree: "Diploma", gpa: "3.8", graduationYear: 2024 };

/**
 * An application submitted at `at`, recorded as submitApplication records it (the event, and the
 * staff told in its transaction), without the decide-by day it would count from `at`.
 */
async function submittedAt(university: { programs: { id: number }[] }, at: string, fullName: string) {
  const student = await createStudent({ fullName });
  const application = await createApplication({
    userId: student.id,
    programId: university.programs[0].id,
    submittedAt: new Date(at),
    decideBy: "2030-01-31",
  });
  await readyToQueueMail();
  await prisma.$transaction(async (tx) => {
    const event = await tx.applicationEvent.create({
      data: {
        applicationId: application.id,
        actorId: student.id,
        actorName: fullName,
        toStatus: "pending",
        createdAt: new Date(at),
      },
      select: { id: true },
    });
    await tellStaff(tx, {
      kind: "newSubmission",
      applicationId: application.id,
      eventId: event.id,
      message: newSubmissionNotice(fullName, new Date(at)),
    });
  });
  return application;
}

/** A university with one program, named with a tag the e-mails' subjects are filtered by. */
const universityNamed = (word: string) =>
  createUniversity({ name: `${word} ${uniqueTag()} University`, programs: [{ name: "Marine Biology" }] });

describe("the preferences", () => {
  test("GET answers the defaults until saved; PUT replaces them and the universities; staff only", async () => {
    const { agents } = await signInEachRole(`notices_${uniqueTag()}`);
    const zeta = await universityNamed("Zeta");
    const alpha = await universityNamed("Alpha");
    const path = "/api/user/notifications";

    expect((await agents.anonymous.call(GET, path)).status).toBe(401);
    expect((await agents.student.call(GET, path)).status).toBe(403);
    expect((await agents.student.call(PUT, path, { method: "PUT", json: {} })).status).toBe(403);

    const before = await agents.team.call(GET, path);
    expect(before.status).toBe(200);
    expect(await before.json()).toEqual({ choices: NOTICE_DEFAULTS, universities: [], saved: false });

    const body = {
      newSubmission: "digest",
      requestAnswered: "off",
      offerReply: "immediate",
      overdue: "digest",
      universityIds: [zeta.id, alpha.id, zeta.id],
    };
    const saved = await agents.team.call(PUT, path, { method: "PUT", json: body });
    expect(saved.status).toBe(200);
    const expected = {
      choices: {
        newSubmission: "digest",
        requestAnswered: "off",
        offerReply: "immediate",
        overdue: "digest",
      },
      universities: [
        { id: alpha.id, name: alpha.name, country: "New Zealand" },
        { id: zeta.id, name: zeta.name, country: "New Zealand" },
      ],
      saved: true,
    };
    expect(await saved.json()).toEqual(expected);
    expect(await (await agents.team.call(GET, path)).json()).toEqual(expected);
    // Each admin has their own: the super admin's are still the defaults.
    expect((await (await agents.super.call(GET, path)).json()).saved).toBe(false);

    // Saving again replaces the whole set: no university left.
    const again = await agents.team.call(PUT, path, { method: "PUT", json: { ...body, universityIds: [] } });
    expect((await again.json()).universities).toEqual([]);
  });

  test("a refused save changes nothing and says which field is wrong", async () => {
    const staff = await createTeamAdmin();
    const agent = await signIn(staff.username);
    const kept = await universityNamed("Kept");
    const path = "/api/user/notifications";
    const valid = {
      newSubmission: "immediate",
      requestAnswered: "immediate",
      offerReply: "immediate",
      overdue: "off",
      universityIds: [kept.id],
    };
    expect((await agent.call(PUT, path, { method: "PUT", json: valid })).status).toBe(200);

    const refusals: [unknown, string][] = [
      [{ ...valid, overdue: "weekly" }, "overdue"],
      [{ ...valid, newSubmission: undefined }, "newSubmission"],
      [{ ...valid, universityIds: "1,2" }, "universityIds"],
      [{ ...valid, universityIds: [0] }, "universityIds"],
      [{ ...valid, universityIds: Array.from({ length: 201 }, (_, i) => i + 1) }, "universityIds"],
    ];
    for (const [json, field] of refusals) {
      const response = await agent.call(PUT, path, { method: "PUT", json });
      expect(response.status).toBe(400);
      // An item of the list is named by its place: universityIds.0.
      expect(Object.keys((await response.json()).fieldErrors)).toEqual([expect.stringMatching(`^${field}`)]);
    }
    const unknown = await agent.call(PUT, path, {
      method: "PUT",
      json: { ...valid, offerReply: "off", universityIds: [kept.id, 2_000_000_000] },
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({
      error: UNKNOWN_UNIVERSITY,
      fieldErrors: { universityIds: [UNKNOWN_UNIVERSITY] },
    });
    const now = await (await agent.call(GET, path)).json();
    expect(now.choices).toEqual({ ...valid, universityIds: undefined });
    expect(now.universities.map((u: { id: number }) => u.id)).toEqual([kept.id]);
  });

  test("the page's form saves through the action, with a checkbox per university; the API's schema refuses the same", async () => {
    const staff = await createTeamAdmin();
    const agent = await signIn(staff.username);
    const one = await universityNamed("Form One");
    const two = await universityNamed("Form Two");
    const form = (overdue: string) => {
      const data = new FormData();
      data.append("newSubmission", "immediate");
      data.append("requestAnswered", "digest");
      data.append("offerReply", "immediate");
      data.append("overdue", overdue);
      data.append("universityIds", String(one.id));
      data.append("universityIds", String(two.id));
      return data;
    };
    const page = "/admin/notifications";
    const saved = await agent.act(saveNoticePreferencesAction, form("digest"), { path: page });
    expect(saved.state?.error).toBeUndefined();
    expect(saved.state?.message).toMatch(/saved/);
    const refused = await agent.act(saveNoticePreferencesAction, form("sometimes"), { path: page });
    expect(refused.state).toMatchObject({ status: 400, fieldErrors: { overdue: [expect.any(String)] } });
    const read = await (await agent.call(GET, "/api/user/notifications")).json();
    expect(read.choices).toEqual({
      newSubmission: "immediate",
      requestAnswered: "digest",
      offerReply: "immediate",
      overdue: "digest",
    });
    expect(read.universities.map((u: { id: number }) => u.id).sort()).toEqual([one.id, two.id].sort());

    // No box ticked: no university (the form sends no universityIds at all).
    const none = form("off");
    none.delete("universityIds");
    expect((await agent.act(saveNoticePreferencesAction, none, { path: page })).state?.error).toBeUndefined();
    expect((await (await agent.call(GET, "/api/user/notifications")).json()).universities).toEqual([]);

    // A student may not post it.
    const student = await signIn((await createStudent()).username);
    const asStudent = await student.act(saveNoticePreferencesAction, form("off"), { path: page });
    expect(asStudent.state?.status).toBe(403);
  });
});

describe("who is told, and how", () => {
  test("a new submission: the staff who handle its university, as each chose; never the applicant", async () => {
    const ocean = await universityNamed("Ocean");
    const inland = await universityNamed("Inland");
    const atOnce = await staffMember({ newSubmission: "immediate" }, [ocean.id]);
    const later = await staffMember({ newSubmission: "digest" }, [ocean.id, inland.id]);
    const off = await staffMember({ newSubmission: "off" }, [ocean.id]);
    const elsewhere = await staffMember({ newSubmission: "immediate" }, [inland.id]);
    const general = await createTeamAdmin();
    const student = await createStudent({ fullName: "Robin Moreau" });
    const now = new Date();

    const submitted = await submitApplication(
      student.id,
      { programId: ocean.programs[0].id, personalStatement: statement, academicHistory: history },
      now,
    );
    const title = `Marine Biology (BSc) at ${ocean.name}`;
    const [mail, ...more] = await mailsTo(atOnce.email);
    expect(more).toEqual([]);
    expect(mail.subject).toBe(`${title}: new application (Robin Moreau)`);
    expect(mail.text).toContain(`Robin Moreau applied on ${formatDate(now)}.`);
    expect(mail.text).toContain(`/admin/applications/${submitted.id}`);
    expect(mail.text).toContain("/admin/notifications");
    expect(await waitingFor(later.id)).toEqual(["newSubmission"]);
    for (const quiet of [later, off, elsewhere, general])
      expect(await subjectsTo(quiet.email, ocean.name)).toEqual([]);
    expect(await waitingFor(off.id)).toEqual([]);

    // Staff may apply too: a staff member who handles the university is not told of their own.
    const applying = await staffMember({ newSubmission: "immediate" }, [ocean.id]);
    await submitApplication(
      applying.id,
      { programId: ocean.programs[0].id, personalStatement: statement, academicHistory: history },
      now,
    );
    expect((await mailsTo(applying.email)).map((m) => m.subject)).toEqual([`${title}: application received`]);
    expect(await subjectsTo(atOnce.email, ocean.name)).toHaveLength(2);
  });

  test("a request answered, an offer reply: the assignee when there is one, else those who handle the university", async () => {
    const harbour = await universityNamed("Harbour");
    const other = await universityNamed("Other");
    const handler = await staffMember({}, [harbour.id]);
    const digestHandler = await staffMember({ requestAnswered: "digest", offerReply: "digest" }, [
      harbour.id,
    ]);
    const assignee = await staffMember({}, [other.id]);
    const asker = await staffMember({ requestAnswered: "off", offerReply: "off" }, [other.id]);
    const now = new Date("1989-02-01T10:00:00.000Z");

    // No assignee: the handlers of the university, each as they chose (the defaults: at once).
    const student = await createStudent({ fullName: "Sam Lee" });
    const unassigned = await createApplication({ userId: student.id, programId: harbour.programs[0].id });
    const request = await createRequest(
      asker,
      unassigned.id,
      { documentType: null, message: "Your year?" },
      now,
    );
    await answerRequest(student, unassigned.id, request.id, { answer: "It is 2021." }, now);
    const title = `Marine Biology (BSc) at ${harbour.name}`;
    const [answered] = await mailsTo(handler.email);
    expect(answered.subject).toBe(`${title}: request answered (Sam Lee)`);
    expect(answered.text).toContain("Sam Lee answered the team's request for a correction.");
    expect(answered.text).toContain("The student's answer:\nIt is 2021.");
    expect(await waitingFor(digestHandler.id)).toEqual(["requestAnswered"]);
    expect(await subjectsTo(assignee.email, harbour.name)).toEqual([]);

    // Assigned: the assignee only, though they handle another university.
    const replying = await createStudent({ fullName: "Sam Lee" });
    const offered = await createApplication({
      userId: replying.id,
      programId: harbour.programs[0].id,
      status: "approved",
      replyBy: "2030-06-30",
    });
    await prisma.application.update({ where: { id: offered.id }, data: { assigneeId: assignee.id } });
    await replyToOffer(viewerOf(replying), offered.id, { answer: "decline", reason: "Nearer home." }, now);
    const [reply, ...others] = await subjectsTo(assignee.email, harbour.name);
    expect(others).toEqual([]);
    expect(reply).toBe(`${title}: Offer Declined (Sam Lee)`);
    expect(await subjectsTo(handler.email, harbour.name)).toHaveLength(1);
    expect(await waitingFor(digestHandler.id)).toEqual(["requestAnswered"]);
  });

  test("nobody handles the university and nobody is assigned: the staff who handle none are told", async () => {
    // Overdue, whose default is the digest: the other files' staff who handle none (told too) get
    // no e-mail of it.
    const unhandled = await universityNamed("Unhandled");
    const handlesOther = await staffMember({ overdue: "immediate" }, [
      (await universityNamed("Elsewhere")).id,
    ]);
    const general = await staffMember({ overdue: "immediate" }, []);
    const byDefault = await staffMember({}, []);
    const inactive = await staffMember({ overdue: "immediate" }, []);
    await prisma.user.update({ where: { id: inactive.id }, data: { isActive: false } });
    const student = await createStudent({ fullName: "Kai Tane" });
    const application = await createApplication({
      userId: student.id,
      programId: unhandled.programs[0].id,
      status: "sent_to_university",
      decideBy: "2030-01-31",
    });
    await moveApplication("system", application.id, { status: "inactive" }, new Date("1989-01-20T09:00:00Z"));
    expect(await subjectsTo(general.email, unhandled.name)).toEqual([
      `Marine Biology (BSc) at ${unhandled.name}: no decision by the decide-by date`,
    ]);
    expect(await waitingFor(byDefault.id)).toEqual(["overdue"]);
    expect(await subjectsTo(handlesOther.email, unhandled.name)).toEqual([]);
    expect(await waitingFor(handlesOther.id)).toEqual([]);
    expect(await subjectsTo(inactive.email, unhandled.name)).toEqual([]);
  });

  test("overdue: marked inactive by the jobs, its handlers find it in their digest by default", async () => {
    const late = await universityNamed("Late");
    const byDefault = await staffMember({}, [late.id]);
    const atOnce = await staffMember({ overdue: "immediate" }, [late.id]);
    const student = await createStudent({ fullName: "Ira Moss" });
    const application = await createApplication({
      userId: student.id,
      programId: late.programs[0].id,
      status: "in_review",
      decideBy: "2030-01-31",
    });
    // The jobs' move (which applications are due is application-jobs.test.ts's business).
    await moveApplication("system", application.id, { status: "inactive" }, new Date("1989-01-02T08:00:00Z"));
    expect(await waitingFor(byDefault.id)).toEqual(["overdue"]);
    const [mail] = await mailsTo(atOnce.email);
    expect(mail.subject).toBe(`Marine Biology (BSc) at ${late.name}: no decision by the decide-by date`);
    expect(mail.text).toContain(
      "Ira Moss's application had no decision by its decide-by date, 31 January 2030, so it is now inactive.",
    );
    expect(mail.text).toContain(`/admin/applications/${application.id}`);
  });
});

describe("the daily digest", () => {
  const nothing: DigestResult = { emails: 0, events: 0, doneElsewhere: 0, failed: 0 };

  /** A staff member who reads everything in the digest, of a university of their own. */
  async function digestReader(word: string) {
    const university = await universityNamed(word);
    const staff = await staffMember(
      { newSubmission: "digest", requestAnswered: "digest", offerReply: "digest", overdue: "digest" },
      [university.id],
      `Reader ${uniqueTag()}`,
    );
    return { university, staff };
  }

  test("lists the events since the last digest by kind, once a day; an empty one is not sent", async () => {
    const { university, staff } = await digestReader("Digest");
    const idle = await staffMember({ overdue: "digest" }, [(await universityNamed("Quiet")).id]);
    const first = await submittedAt(university, "1988-05-02T09:00:00.000Z", "Ana One");
    const second = await submittedAt(university, "1988-05-02T15:00:00.000Z", "Ben Two");
    const offer = await createApplication({
      userId: (await createStudent({ fullName: "Cy Three" })).id,
      programId: university.programs[0].id,
      status: "approved",
      replyBy: "2030-09-30",
    });
    await replyToOffer(
      { id: offer.userId, role: "user", adminType: null, permissions: [] },
      offer.id,
      { answer: "decline", reason: undefined },
      new Date("1988-05-02T16:00:00.000Z"),
    );
    expect(await mailsTo(staff.email)).toEqual([]);

    const morning = new Date("1988-05-03T07:00:00.000Z");
    expect(await sendDigests(morning)).toEqual({ ...nothing, emails: 1, events: 3 });
    const [digest, ...more] = await mailsTo(staff.email);
    expect(more).toEqual([]);
    expect(digest.subject).toBe("Your daily digest: 3 updates on applications");
    const title = `Marine Biology (BSc) at ${university.name}`;
    expect(digest.text).toContain(
      [
        "New applications (2):",
        "",
        `- ${title}: Ana One applied on 2 May 1988.`,
        `  The application: http://localhost:3000/admin/applications/${first.id}`,
      ].join("\n"),
    );
    expect(digest.text).toContain(`- ${title}: Ben Two applied on 2 May 1988.`);
    expect(digest.text).toContain(`/admin/applications/${second.id}`);
    expect(digest.text).toContain(
      `Offer replies and withdrawals (1):\n\n- ${title}: Cy Three declined the offer.`,
    );
    expect(digest.text.indexOf("New applications")).toBeLessThan(digest.text.indexOf("Offer replies"));
    expect(await mailsTo(idle.email)).toEqual([]);
    expect(
      await prisma.staffDigest.findMany({
        where: { userId: { in: [staff.id, idle.id] } },
        select: { userId: true, day: true },
      }),
    ).toEqual([{ userId: staff.id, day: new Date("1988-05-03") }]);

    // Twice the same day: nothing more, even for an event since; the next day it comes.
    await submittedAt(university, "1988-05-03T08:00:00.000Z", "Di Four");
    expect(await sendDigests(morning)).toEqual(nothing);
    expect(await sendDigests(new Date("1988-05-03T20:00:00.000Z"))).toEqual({ ...nothing, doneElsewhere: 1 });
    expect(await mailsTo(staff.email)).toHaveLength(1);
    expect(await sendDigests(new Date("1988-05-04T07:00:00.000Z"))).toEqual({
      ...nothing,
      emails: 1,
      events: 1,
    });
    const [, next] = await mailsTo(staff.email);
    expect(next.subject).toBe("Your daily digest: 1 update on applications");
    expect(next.text).toContain("Di Four applied on 3 May 1988.");
    expect(next.text).not.toContain("Ana One");
  });

  test("a run after a gap sends everything since the last digest, in one e-mail", async () => {
    const { university, staff } = await digestReader("Gap");
    await submittedAt(university, "1988-03-01T09:00:00.000Z", "Eve Five");
    expect(await sendDigests(new Date("1988-03-02T07:00:00.000Z"))).toMatchObject({ emails: 1, events: 1 });
    // No run for three days.
    await submittedAt(university, "1988-03-02T10:00:00.000Z", "Fay Six");
    await submittedAt(university, "1988-03-03T10:00:00.000Z", "Gus Seven");
    await submittedAt(university, "1988-03-04T10:00:00.000Z", "Hal Eight");
    expect(await sendDigests(new Date("1988-03-05T07:00:00.000Z"))).toMatchObject({ emails: 1, events: 3 });
    const [, caughtUp] = await mailsTo(staff.email);
    for (const name of ["Fay Six", "Gus Seven", "Hal Eight"]) expect(caughtUp.text).toContain(name);
    expect(caughtUp.text).not.toContain("Eve Five");
  });

  test("a kind turned off since drops its waiting events; a staff member no longer active gets nothing", async () => {
    const { university, staff } = await digestReader("Changed");
    const { university: leftUniversity, staff: leaving } = await digestReader("Left");
    await submittedAt(university, "1988-01-04T09:00:00.000Z", "Ivy Nine");
    await submittedAt(leftUniversity, "1988-01-04T09:00:00.000Z", "Jo Ten");
    await saveNoticePreferences(staff, {
      ...NOTICE_DEFAULTS,
      newSubmission: "off",
      universityIds: [university.id],
    });
    await prisma.user.update({ where: { id: leaving.id }, data: { isActive: false } });
    expect(await sendDigests(new Date("1988-01-05T07:00:00.000Z"))).toEqual(nothing);
    expect(await mailsTo(staff.email)).toEqual([]);
    expect(await mailsTo(leaving.email)).toEqual([]);
    expect(await waitingFor(staff.id)).toEqual([]);
    expect(await waitingFor(leaving.id)).toEqual([]);
    expect(await prisma.staffDigest.count({ where: { userId: { in: [staff.id, leaving.id] } } })).toBe(0);
  });
});

describeOnPostgres("two digest runs at once", () => {
  test("each staff member gets one digest, and each event is in one", async () => {
    const university = await universityNamed("Race");
    const reader = await staffMember(
      { newSubmission: "digest", requestAnswered: "digest", offerReply: "digest", overdue: "digest" },
      [university.id],
    );
    for (const name of ["Kim One", "Lou Two"])
      await submittedAt(university, "1987-06-01T09:00:00.000Z", name);
    const now = new Date("1987-06-02T07:00:00.000Z");

    // Both runs read their lists, then wait at the staff member's row this session holds.
    const session = await openSession();
    let results: DigestResult[];
    try {
      await session.query("BEGIN");
      await session.query(`SELECT 1 FROM "users" WHERE "id" = $1 FOR UPDATE`, [reader.id]);
      const runs = Promise.all([sendDigests(now), sendDigests(new Date(now.getTime() + 1))]);
      await waitForLockWaiters(session, 2);
      await session.query("COMMIT");
      results = await runs;
    } finally {
      await session.end();
    }
    expect(results.reduce((sum, r) => sum + r.emails, 0)).toBe(1);
    expect(results.reduce((sum, r) => sum + r.events, 0)).toBe(2);
    expect(results.reduce((sum, r) => sum + r.failed, 0)).toBe(0);
    const [digest, ...more] = await mailsTo(reader.email);
    expect(more).toEqual([]);
    expect(digest.text).toContain("Kim One");
    expect(digest.text).toContain("Lou Two");
  });

  test("runs on two days at once: the second takes only what the first did not", async () => {
    const university = await universityNamed("Midnight");
    const reader = await staffMember({ newSubmission: "digest" }, [university.id]);
    await submittedAt(university, "1987-04-01T09:00:00.000Z", "May Early");
    const session = await openSession();
    let results: DigestResult[];
    try {
      await session.query("BEGIN");
      await session.query(`SELECT 1 FROM "users" WHERE "id" = $1 FOR UPDATE`, [reader.id]);
      const runs = Promise.all([
        sendDigests(new Date("1987-04-01T23:59:59.000Z")),
        sendDigests(new Date("1987-04-02T00:00:01.000Z")),
      ]);
      await waitForLockWaiters(session, 2);
      await session.query("COMMIT");
      results = await runs;
    } finally {
      await session.end();
    }
    expect(results.reduce((sum, r) => sum + r.emails, 0)).toBe(1);
    expect(await mailsTo(reader.email)).toHaveLength(1);
    expect(await prisma.staffDigest.count({ where: { userId: reader.id } })).toBe(1);
  });

  test("an event whose transaction commits after a digest read it is in the next digest, not lost", async () => {
    const university = await universityNamed("Slow");
    const reader = await staffMember({ newSubmission: "digest" }, [university.id]);
    const student = await createStudent({ fullName: "Ned Slow" });
    // A long transaction (a job run dates its events when it starts) writes an event and its
    // digest item dated before the digest's moment, and commits after the digest has run.
    const application = await createApplication({ userId: student.id, programId: university.programs[0].id });
    const session = await openSession();
    try {
      await session.query("BEGIN");
      const { rows } = await session.query<{ id: number }>(
        `INSERT INTO "application_events" ("applicationId", "actorId", "actorName", "toStatus", "createdAt")
         VALUES ($1, $2, 'Ned Slow', 'pending', $3) RETURNING "id"`,
        [application.id, student.id, new Date("1987-02-01T23:00:00.000Z")],
      );
      await session.query(
        `INSERT INTO "staff_digest_items" ("userId", "eventId", "kind") VALUES ($1, $2, 'newSubmission')`,
        [reader.id, rows[0].id],
      );
      // The digest at midnight does not see the uncommitted event: nothing to send.
      expect(await sendDigests(new Date("1987-02-02T07:00:00.000Z"))).toMatchObject({ emails: 0 });
      await session.query("COMMIT");
    } finally {
      await session.end();
    }
    expect(await sendDigests(new Date("1987-02-03T07:00:00.000Z"))).toMatchObject({ emails: 1, events: 1 });
    const [digest] = await mailsTo(reader.email);
    expect(digest.text).toContain("Ned Slow applied on 1 February 1987.");
  });
});
