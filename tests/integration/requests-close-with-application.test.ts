import { runBulkAction } from "@/lib/applications/bulk.server";
import { withdrawApplication } from "@/lib/applications/commands.server";
import { getApplicationDetail } from "@/lib/applications/queries.server";
import { queueIds, queueTabCounts } from "@/lib/applications/queue.server";
import { closedLine } from "@/lib/applications/requests";
import { answerRequest, closeRequest, createRequest } from "@/lib/applications/requests.server";
import type { ApplicationStatus } from "@/lib/generated/prisma/enums";
import { moveApplication } from "@/lib/applications/transition.server";
import { prisma } from "@/lib/db/client.server";
import { stopMailQueue } from "@/lib/mail/queue.server";
import type { Mail } from "@/lib/mail/send.server";
import { workspaceListQuery } from "@/lib/validation/application";
import {
  cleanup,
  createApplication,
  createStudent,
  createTeamAdmin,
  createUniversity,
  viewerOf,
} from "../support/factories";
import { inTurnOnApplication, statusOf } from "../support/interleave";
import { describeOnPostgres } from "../support/postgres-only";
import { requestCountsOf } from "../support/request-counts";

// A request of the team is asked and answered only while its application is open. The move that
// closes the application (the student withdrawing, staff rejecting, a bulk change, the scheduled
// jobs declining an offer by default) closes its requests still open or answered in the same
// transaction: at the move's time, by whoever moved it, saying it closed with the application, and
// the move's event names them. The counts the team's queue reads drop with them. A move between
// open statuses leaves them as they are.

const sent: Mail[] = [];
jest.mock("@/lib/mail/send.server", () => ({
  ...jest.requireActual("@/lib/mail/send.server"),
  sendMail: async (mail: Mail) => void sent.push(mail),
}));

afterAll(async () => {
  await stopMailQueue();
  await cleanup();
});

let staff: Awaited<ReturnType<typeof createTeamAdmin>>;
beforeAll(async () => {
  staff = await createTeamAdmin();
});

/**
 * An application in `status` (an open one) with two requests of the team: a transcript still
 * waiting for the student, and a correction the student answered.
 */
async function withRequests(status: ApplicationStatus = "in_review", replyBy?: string) {
  const student = await createStudent();
  const university = await createUniversity({ programs: [{ name: "Closing Studies" }] });
  const application = await createApplication({
    userId: student.id,
    programId: university.programs[0].id,
    status,
    replyBy,
  });
  const team = viewerOf(staff);
  const transcript = await createRequest(team, application.id, {
    documentType: "Transcript",
    message: "Page 2 is missing.",
  });
  const correction = await createRequest(team, application.id, {
    documentType: null,
    message: "Is your graduation year 2021?",
  });
  await answerRequest(viewerOf(student), application.id, correction.id, { answer: "Yes, 2021." });
  return { student, application, universityId: university.id, transcript, correction };
}

const requestsOf = (applicationId: number) =>
  prisma.documentRequest.findMany({
    where: { applicationId },
    orderBy: { id: "asc" },
    select: {
      id: true,
      status: true,
      closedAt: true,
      closedById: true,
      closedByName: true,
      closedWith: true,
    },
  });

/** The events of the application, oldest first: their step and data. */
const eventsOf = (applicationId: number) =>
  prisma.applicationEvent.findMany({
    where: { applicationId },
    orderBy: { id: "asc" },
    select: { transition: true, data: true, actorName: true },
  });

const later = (seconds: number) => new Date(Math.floor(Date.now() / 1000) * 1000 + seconds * 1000);

test("a withdrawal closes the open and the answered request, by the student at the move's time", async () => {
  const { student, application, transcript, correction } = await withRequests();
  expect(await requestCountsOf(application.id)).toEqual({ kept: [1, 1], counted: [1, 1] });
  const at = later(60);

  await withdrawApplication(viewerOf(student), application.id, "I chose another university.", at);

  const closed = {
    status: "closed",
    closedAt: at,
    closedById: student.id,
    closedByName: student.fullName,
    closedWith: "withdrawn",
  };
  expect(await requestsOf(application.id)).toEqual([
    { id: transcript.id, ...closed },
    { id: correction.id, ...closed },
  ]);
  expect(await requestCountsOf(application.id)).toEqual({ kept: [0, 0], counted: [0, 0] });

  // The withdrawal's own event names them; no other step was written.
  const events = await eventsOf(application.id);
  expect(events.map((event) => event.transition)).toEqual([
    "request-document",
    "request-document",
    "answer-request",
    "withdraw",
  ]);
  expect(events.at(-1)!.data).toEqual({
    closedRequests: [
      { id: transcript.id, documentType: "Transcript", status: "open" },
      { id: correction.id, documentType: null, status: "answered" },
    ],
  });

  // The student is told it closed with the application; an answer now is refused and changes nothing.
  const seen = await getApplicationDetail(application.id, "student");
  expect(seen!.documentRequests.map((request) => request.closedWith)).toEqual(["withdrawn", "withdrawn"]);
  expect(closedLine(seen!.documentRequests[0], "student")).toEqual({
    lead: "Closed with your application (Withdrawn)",
    tail: ": there is nothing more to send.",
  });
  await expect(
    answerRequest(viewerOf(student), application.id, transcript.id, { answer: "Late." }),
  ).rejects.toMatchObject({ status: 409 });
  // Staff closing it again changes nothing: it keeps why it closed.
  const again = await closeRequest(viewerOf(staff), application.id, transcript.id);
  expect(again).toMatchObject({ status: "closed", closedWith: "withdrawn", closedBy: student.fullName });
  expect(await eventsOf(application.id)).toHaveLength(4);
});

test("a rejection by staff closes them by that staff member, and its audit entry names them", async () => {
  const { application, transcript, correction } = await withRequests("sent_to_university");
  const at = later(120);
  sent.length = 0;

  await moveApplication(
    viewerOf(staff),
    application.id,
    {
      status: "rejected",
      note: "You could apply to the Foundation year.",
      reasons: [{ code: "grades", detail: "A GPA of 2.1 where 3.0 is required." }],
    },
    at,
  );

  const rows = await requestsOf(application.id);
  expect(rows).toEqual(
    [transcript.id, correction.id].map((id) => ({
      id,
      status: "closed",
      closedAt: at,
      closedById: staff.id,
      closedByName: staff.fullName,
      closedWith: "rejected",
    })),
  );
  expect(await requestCountsOf(application.id)).toEqual({ kept: [0, 0], counted: [0, 0] });
  const [event] = (await eventsOf(application.id)).slice(-1);
  expect(event).toMatchObject({
    transition: "reject",
    actorName: staff.fullName,
    data: {
      reasons: [{ code: "grades", detail: "A GPA of 2.1 where 3.0 is required." }],
      closedRequests: [
        { id: transcript.id, documentType: "Transcript", status: "open" },
        { id: correction.id, documentType: null, status: "answered" },
      ],
    },
  });
  const audit = await prisma.auditEvent.findFirstOrThrow({
    where: { entityType: "application", entityId: String(application.id), action: "application.status" },
    select: { after: true },
  });
  expect(audit.after).toMatchObject({ status: "rejected", closedRequests: ["Transcript", "A correction"] });
  // The rejection's e-mail goes as before.
  expect(sent.map((mail) => mail.subject)).toHaveLength(1);
  const detail = await getApplicationDetail(application.id, "staff");
  expect(closedLine(detail!.documentRequests[0], "staff").lead).toBe(
    `Closed with the application (Rejected) by ${staff.fullName}`,
  );
});

test("a bulk move closes the requests of each application it closes, and of none it refuses", async () => {
  const first = await withRequests("in_review");
  const second = await withRequests("interviewing");
  // Pending cannot be rejected: the row is refused and its requests stay as they were.
  const refused = await withRequests("pending");

  const result = await runBulkAction(viewerOf(staff), {
    ids: [first.application.id, second.application.id, refused.application.id],
    operation: { type: "status", status: "rejected", note: "Not this year." },
  });

  expect(result.changed.map((row) => row.id)).toEqual([first.application.id, second.application.id]);
  expect(result.refused.map((row) => row.id)).toEqual([refused.application.id]);
  const closedAt = (await requestsOf(first.application.id))[0].closedAt;
  expect(closedAt).not.toBeNull();
  for (const { application } of [first, second]) {
    const rows = (await requestsOf(application.id)).map(({ id: _, ...closed }) => closed);
    const closed = {
      status: "closed",
      closedAt,
      closedById: staff.id,
      closedByName: staff.fullName,
      closedWith: "rejected",
    };
    expect(rows).toEqual([closed, closed]);
    expect(await requestCountsOf(application.id)).toEqual({ kept: [0, 0], counted: [0, 0] });
  }
  expect((await requestsOf(refused.application.id)).map((row) => row.status)).toEqual(["open", "answered"]);
  expect(await requestCountsOf(refused.application.id)).toEqual({ kept: [1, 1], counted: [1, 1] });
});

test("an offer declined by default closes them with nobody as the closer", async () => {
  const { student, application, transcript } = await withRequests("approved", "1996-03-01");
  const at = later(180);

  // What the scheduled jobs do with an offer whose reply-by day has passed.
  await moveApplication("system", application.id, { status: "offer-declined" }, at);

  const rows = await requestsOf(application.id);
  expect(
    rows.map(({ status, closedAt, closedById, closedByName, closedWith }) => [
      status,
      closedAt,
      closedById,
      closedByName,
      closedWith,
    ]),
  ).toEqual([
    ["closed", at, null, null, "offer_declined"],
    ["closed", at, null, null, "offer_declined"],
  ]);
  expect(await requestCountsOf(application.id)).toEqual({ kept: [0, 0], counted: [0, 0] });
  const [event] = (await eventsOf(application.id)).slice(-1);
  expect(event).toMatchObject({ transition: "decline-by-default", actorName: null });
  expect((event.data as { closedRequests: unknown[] }).closedRequests).toHaveLength(2);

  const detail = await getApplicationDetail(application.id, "staff");
  expect(closedLine(detail!.documentRequests[0], "staff").lead).toBe(
    "Closed automatically with the application (Offer Declined)",
  );
  await expect(
    answerRequest(viewerOf(student), application.id, transcript.id, { answer: "Too late." }),
  ).rejects.toMatchObject({ status: 409 });
});

test("a move between open statuses leaves the requests as they are", async () => {
  const { application, transcript, correction } = await withRequests("pending");
  const before = await requestsOf(application.id);

  await moveApplication(viewerOf(staff), application.id, { status: "in-review" }, later(60));
  // The scheduled jobs mark an undecided application inactive: still open, the team can decide.
  await moveApplication("system", application.id, { status: "inactive" }, later(120));

  expect(await requestsOf(application.id)).toEqual(before);
  expect(before.map((row) => [row.id, row.status])).toEqual([
    [transcript.id, "open"],
    [correction.id, "answered"],
  ]);
  expect(await requestCountsOf(application.id)).toEqual({ kept: [1, 1], counted: [1, 1] });
  const moves = (await eventsOf(application.id)).slice(-2);
  expect(moves.map((event) => [event.transition, event.data])).toEqual([
    ["start-review", null],
    ["mark-inactive", null],
  ]);
});

test("the team's queue stops counting a closed application among those with an open request", async () => {
  const { student, application, universityId } = await withRequests("in_review");
  const base = workspaceListQuery.filterSchema.parse({});
  const viewer = { id: staff.id };
  const withOpenRequest = () => queueIds({ ...base, university: universityId, requests: "open" }, viewer);
  const answered = () => queueIds({ ...base, university: universityId, requests: "answered" }, viewer);
  expect(await withOpenRequest()).toEqual([application.id]);
  expect(await answered()).toEqual([application.id]);
  expect(await queueTabCounts({ ...base, university: universityId }, viewer)).toMatchObject({
    "needs-review": 1,
    closed: 0,
  });

  await withdrawApplication(viewerOf(student), application.id);

  expect(await withOpenRequest()).toEqual([]);
  expect(await answered()).toEqual([]);
  expect(await queueTabCounts({ ...base, university: universityId, requests: "open" }, viewer)).toMatchObject(
    { all: 0, student: 0, closed: 0 },
  );
  expect(await queueTabCounts({ ...base, university: universityId }, viewer)).toMatchObject({
    "needs-review": 0,
    closed: 1,
  });
});

describeOnPostgres("a request answered while the application closes", () => {
  test.each([
    ["the answer", "answer-first"],
    ["the rejection", "reject-first"],
  ])(
    "%s reaching the application first: no error, and the requests end closed and counted",
    async (_, order) => {
      const { student, application } = await withRequests("in_review");
      const asked = await createRequest(viewerOf(staff), application.id, {
        documentType: null,
        message: "Which term would you start?",
      });
      const answer = () =>
        answerRequest(viewerOf(student), application.id, asked.id, { answer: "September." });
      const reject = () =>
        moveApplication(viewerOf(staff), application.id, { status: "rejected", note: "Not this year." });

      const outcomes = await inTurnOnApplication(
        application.id,
        order === "answer-first" ? [answer, reject] : [reject, answer],
      );
      const [answered, rejected] = order === "answer-first" ? outcomes : [outcomes[1], outcomes[0]];

      // The second waits for the first's row lock (PostgreSQL queues them), then reads what it left.
      expect(statusOf(rejected)).toBe(200);
      expect(statusOf(answered)).toBe(order === "answer-first" ? 200 : 409);
      const row = await prisma.documentRequest.findUniqueOrThrow({ where: { id: asked.id } });
      expect(row).toMatchObject({ status: "closed", closedWith: "rejected", closedById: staff.id });
      const [event] = (await eventsOf(application.id)).slice(-1);
      const closedRequests = (event.data as { closedRequests: { id: number; status: string }[] })
        .closedRequests;
      if (statusOf(answered) === 200) {
        // The answer landed first: it is kept, and the rejection closed the request as answered.
        expect(row.answer).toBe("September.");
        expect(closedRequests.find((request) => request.id === asked.id)?.status).toBe("answered");
      } else {
        // The application was closed first: the answer is refused, the request closed unanswered.
        expect(row.answer).toBeNull();
        expect(closedRequests.find((request) => request.id === asked.id)?.status).toBe("open");
      }
      expect(event.transition).toBe("reject");
      expect(closedRequests).toHaveLength(3);
      expect(await requestCountsOf(application.id)).toEqual({ kept: [0, 0], counted: [0, 0] });
    },
  );
});
