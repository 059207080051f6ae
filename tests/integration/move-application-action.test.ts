import { GET as detail, PATCH as move } from "@/app/api/applications/[id]/route";
import { moveApplicationAction } from "@/lib/applications/actions";
import { listApplications } from "@/lib/applications/queries.server";
import { toDbStatus } from "@/lib/applications/status";
import { STATUSES_IN_LIFE_ORDER } from "@/lib/applications/workflow";
import { getDashboardStats } from "@/lib/dashboard/stats.server";
import { prisma } from "@/lib/db/client.server";
import { SENT_BY_SCRIPT_FIELD } from "@/lib/http/form-state";
import type { Mail } from "@/lib/mail/send.server";
import { changedSinceOpened } from "@/lib/validation/common";
import { REASONS_REQUIRED } from "@/lib/validation/transition-form";
import type { Agent } from "../support/agent";
import {
  cleanup,
  createApplication,
  createStudent,
  createTeamAdmin,
  createUniversity,
  uniqueTag,
} from "../support/factories";
import { signIn } from "../support/roles";

// The application page's forms go to moveApplicationAction, which moves the application as PATCH
// /api/applications/{id} does (one transition, its event, audit entry and e-mail) from what a
// person fills in: sent by the form's script it answers in place, posted without one it
// redirects to the page. Who may call it is checked for every action by
// tests/security/actions.test.ts.

jest.mock("@/lib/mail/send.server", () => ({ sendMail: async (_mail: Mail) => undefined }));

afterAll(cleanup);

let admin: Agent;
beforeAll(async () => {
  admin = await signIn((await createTeamAdmin()).username);
}, 60_000);

async function applicationIn(status: Parameters<typeof createApplication>[0]["status"]) {
  const student = await createStudent();
  const university = await createUniversity({ programs: [{ level: "Master's" }] });
  const application = await createApplication({
    userId: student.id,
    programId: university.programs[0].id,
    status,
  });
  return { id: application.id, student };
}

const page = (id: number) => `/admin/applications/${id}`;
const byScript = (fields: Record<string, string>) => ({ ...fields, [SENT_BY_SCRIPT_FIELD]: "1" });
const statusOf = async (id: number) => (await prisma.application.findUniqueOrThrow({ where: { id } })).status;
const eventsOf = (id: number) =>
  prisma.applicationEvent.findMany({
    where: { applicationId: id, transition: { not: null } },
    orderBy: { id: "asc" },
    select: { transition: true, reason: true, data: true, note: true, actorName: true },
  });

test("a conditional offer from the form: its conditions and reply-by date recorded, the page shown", async () => {
  const { id } = await applicationIn("sent_to_university");
  const fields = {
    id: String(id),
    from: "sent-to-university",
    status: "approved",
    "offer.conditions.0": "IELTS 6.5 overall",
    "offer.conditions.1": "",
    "offer.conditions.2": "Final transcript",
    "offer.replyBy": "2027-03-12",
    "offer.startTerm": "September 2027",
    note: "Congratulations!",
  };
  const answer = await admin.act(moveApplicationAction, byScript(fields), { path: page(id) });
  expect(answer).toMatchObject({
    redirect: null,
    state: { message: "The application is now Approved.", redirectTo: page(id) },
  });
  expect(await statusOf(id)).toBe("approved");
  expect(await eventsOf(id)).toEqual([
    {
      transition: "make-offer",
      reason: null,
      note: "Congratulations!",
      actorName: expect.any(String),
      data: {
        offer: {
          conditions: ["IELTS 6.5 overall", "Final transcript"],
          replyBy: "2027-03-12",
          startTerm: "September 2027",
        },
      },
    },
  ]);

  // The detail API shows the event with its transition, reason and data.
  const response = await admin.call(detail, `/api/applications/${id}`, { params: { id: String(id) } });
  const { history } = (await response.json()) as { history: Record<string, unknown>[] };
  expect(history.at(-1)).toMatchObject({
    from: "sent-to-university",
    to: "approved",
    transition: "make-offer",
    reason: null,
    data: { offer: { conditions: ["IELTS 6.5 overall", "Final transcript"], replyBy: "2027-03-12" } },
  });
});

test("posted without JavaScript, a rejection with its reasons redirects to the application's page", async () => {
  const { id } = await applicationIn("in_review");
  const answer = await admin.act(
    moveApplicationAction,
    {
      id: String(id),
      from: "in-review",
      status: "rejected",
      "reasons.grades.chosen": "on",
      "reasons.grades.detail": "A GPA of 2.1 where 3.0 is required.",
      "reasons.english.detail": "Not chosen: left out.",
    },
    { path: page(id) },
  );
  expect(answer.redirect).toBe(page(id));
  expect((await eventsOf(id)).map((e) => [e.transition, e.data])).toEqual([
    ["reject", { reasons: [{ code: "grades", detail: "A GPA of 2.1 where 3.0 is required." }] }],
  ]);
});

test("a page older than the application's last move is refused with the 409, and nothing changes", async () => {
  const { id } = await applicationIn("sent_to_university");
  // A colleague recorded an offer since the page was shown.
  const moved = await admin.call(move, `/api/applications/${id}`, {
    method: "PATCH",
    json: { status: "approved" },
    params: { id: String(id) },
  });
  expect(moved.status).toBe(200);
  const answer = await admin.act(
    moveApplicationAction,
    byScript({
      id: String(id),
      from: "sent-to-university",
      status: "rejected",
      "reasons.places.chosen": "on",
      "reasons.places.detail": "Full.",
    }),
    { path: page(id) },
  );
  const message = changedSinceOpened("application");
  expect(answer.state).toMatchObject({ status: 409, error: message, fieldErrors: { version: [message] } });
  expect(await statusOf(id)).toBe("approved");
  expect((await eventsOf(id)).map((e) => e.transition)).toEqual(["make-offer"]);
});

test("what the move needs is asked for on its field: a reason, a rejection's reasons", async () => {
  const { id } = await applicationIn("approved");
  const withoutReason = await admin.act(
    moveApplicationAction,
    byScript({ id: String(id), from: "approved", status: "offer-withdrawn", reason: "  " }),
    { path: page(id) },
  );
  expect(withoutReason.state).toMatchObject({
    status: 400,
    fieldErrors: { reason: ["Say why, in a sentence: the student reads it"] },
  });

  const other = await applicationIn("sent_to_university");
  const withoutReasons = await admin.act(
    moveApplicationAction,
    byScript({ id: String(other.id), from: "sent-to-university", status: "rejected" }),
    { path: page(other.id) },
  );
  expect(withoutReasons.state).toMatchObject({ status: 400, fieldErrors: { reasons: [REASONS_REQUIRED] } });
  // The API keeps them optional, as the contract has it.
  const api = await admin.call(move, `/api/applications/${other.id}`, {
    method: "PATCH",
    json: { status: "rejected" },
    params: { id: String(other.id) },
  });
  expect(api.status).toBe(200);
  expect(await statusOf(id)).toBe("approved");
});

test("a refused form gives back what was typed, to fill the form in again", async () => {
  const { id } = await applicationIn("sent_to_university");
  const answer = await admin.act(
    moveApplicationAction,
    {
      id: String(id),
      from: "sent-to-university",
      status: "interviewing",
      "interview.date": "2027-03-12",
      "interview.time": "",
      "interview.timeZone": "Europe/Paris",
      "interview.mode": "online",
      "interview.location": "https://meet.example/abc",
    },
    { path: page(id) },
  );
  expect(answer.state).toMatchObject({
    status: 400,
    fieldErrors: { "interview.time": ["Give the interview's time"] },
    values: {
      "interview.date": "2027-03-12",
      "interview.timeZone": "Europe/Paris",
      "interview.mode": "online",
    },
  });
});

test("an interview from the form is stored as its moment in its time zone; the API refuses an unknown zone", async () => {
  const { id } = await applicationIn("sent_to_university");
  const answer = await admin.act(
    moveApplicationAction,
    byScript({
      id: String(id),
      from: "sent-to-university",
      status: "interviewing",
      "interview.date": "2027-03-12",
      "interview.time": "14:30",
      "interview.timeZone": "Europe/Paris",
      "interview.mode": "in-person",
      "interview.location": "Main building, room 4",
      "interview.notes": "",
    }),
    { path: page(id) },
  );
  expect(answer.state).toMatchObject({ message: "The application is now Interview." });
  expect((await eventsOf(id))[0].data).toEqual({
    interview: {
      startsAt: "2027-03-12T14:30:00+01:00",
      timeZone: "Europe/Paris",
      mode: "in-person",
      location: "Main building, room 4",
    },
  });
  const unknownZone = await admin.call(move, `/api/applications/${id}`, {
    method: "PATCH",
    json: {
      status: "interviewing",
      reason: "Moved.",
      interview: {
        startsAt: "2027-03-13T10:00:00Z",
        timeZone: "Mars/Olympus",
        mode: "online",
        location: "x",
      },
    },
    params: { id: String(id) },
  });
  expect(unknownZone.status).toBe(400);
  expect((await unknownZone.json()).fieldErrors).toHaveProperty(["interview.timeZone"]);
});

test("an admin's own application is refused, as by the API", async () => {
  const own = await createTeamAdmin();
  const university = await createUniversity({ programs: [{ level: "Master's" }] });
  const application = await createApplication({ userId: own.id, programId: university.programs[0].id });
  const answer = await (
    await signIn(own.username)
  ).act(
    moveApplicationAction,
    byScript({ id: String(application.id), from: "pending", status: "in-review" }),
    { path: page(application.id) },
  );
  expect(answer.state).toMatchObject({ status: 403 });
});

test("the list's filter and the dashboard's counts cover every status", async () => {
  const tag = uniqueTag();
  const student = await createStudent();
  const university = await createUniversity({
    programs: STATUSES_IN_LIFE_ORDER.map((status) => ({ name: `Filter ${tag} ${status}`, degree: "MSc" })),
  });
  for (const [i, status] of STATUSES_IN_LIFE_ORDER.entries()) {
    await createApplication({
      userId: student.id,
      programId: university.programs[i].id,
      status: toDbStatus(status),
    });
  }
  for (const status of STATUSES_IN_LIFE_ORDER) {
    const { items, total } = await listApplications({
      status,
      search: `Filter ${tag}`,
      limit: 50,
      offset: 0,
    });
    expect([total, items.map((item) => item.status)]).toEqual([1, [status]]);
  }
  const stats = await getDashboardStats();
  expect(Object.keys(stats.applications.byStatus)).toEqual([...STATUSES_IN_LIFE_ORDER]);
  for (const status of STATUSES_IN_LIFE_ORDER)
    expect(stats.applications.byStatus[status]).toBeGreaterThanOrEqual(1);
  const sum = Object.values(stats.applications.byStatus).reduce((a, b) => a + b, 0);
  expect(sum).toBe(stats.applications.total);
  expect(stats.applications.pending).toBe(stats.applications.byStatus.pending);
});
