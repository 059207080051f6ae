import { closeRequest, createRequest } from "@/lib/applications/requests.server";
import { prisma } from "@/lib/db/client.server";
import { stopMailQueue } from "@/lib/mail/queue.server";
import { cleanup, createStudentApplication, createSuperAdmin, viewerOf } from "../support/factories";
import { describeOnPostgres } from "../support/postgres-only";
import { rowLock, whileLocked, whileUncommitted } from "../support/interleave";
import { requestCountsOf } from "../support/request-counts";

// Each application keeps how many of its requests are open and answered (the trigger
// "document_requests_count"), which the team's queue counts its tabs from. The counts follow every
// write of a request, by the commands or any other writer, and two writes of one application's
// requests at the same moment both count: each is an increment of the application's row, which
// the second makes after the first commits. Races show only on PostgreSQL.

jest.mock("@/lib/mail/send.server", () => jest.requireActual("../support/mail-capture").capturingMail());

afterAll(async () => {
  await stopMailQueue();
  await cleanup();
});

const anApplication = async () => (await createStudentApplication("Counting Studies")).application;

const requestRow = (applicationId: number, status: "open" | "answered" | "closed" = "open") => ({
  applicationId,
  message: "Send your transcript.",
  status,
  requestedByName: "The team",
});

test("the counts follow the team's requests: asked, closed", async () => {
  const application = await anApplication();
  const staff = viewerOf(await createSuperAdmin());
  const first = await createRequest(staff, application.id, {
    documentType: null,
    message: "Send your transcript.",
  });
  await createRequest(staff, application.id, {
    documentType: null,
    message: "Correct your graduation year.",
  });
  expect(await requestCountsOf(application.id)).toEqual({ kept: [2, 0], counted: [2, 0] });
  await closeRequest(staff, application.id, first.id);
  expect(await requestCountsOf(application.id)).toEqual({ kept: [1, 0], counted: [1, 0] });
});

test("the counts follow any writer: inserted, answered, reopened, closed, deleted, moved", async () => {
  const application = await anApplication();
  const other = await anApplication();
  const open = await prisma.documentRequest.create({ data: requestRow(application.id) });
  const answered = await prisma.documentRequest.create({ data: requestRow(application.id, "answered") });
  await prisma.documentRequest.create({ data: requestRow(application.id, "closed") });
  expect(await requestCountsOf(application.id)).toEqual({ kept: [1, 1], counted: [1, 1] });

  await prisma.documentRequest.update({ where: { id: open.id }, data: { status: "answered" } });
  expect(await requestCountsOf(application.id)).toEqual({ kept: [0, 2], counted: [0, 2] });
  await prisma.documentRequest.update({ where: { id: answered.id }, data: { status: "open" } });
  expect(await requestCountsOf(application.id)).toEqual({ kept: [1, 1], counted: [1, 1] });
  // A write that leaves the status as it was changes nothing.
  await prisma.documentRequest.update({ where: { id: answered.id }, data: { message: "Send it again." } });
  await prisma.documentRequest.updateMany({ where: { id: answered.id }, data: { status: "open" } });
  expect(await requestCountsOf(application.id)).toEqual({ kept: [1, 1], counted: [1, 1] });

  await prisma.documentRequest.update({ where: { id: answered.id }, data: { applicationId: other.id } });
  expect(await requestCountsOf(application.id)).toEqual({ kept: [0, 1], counted: [0, 1] });
  expect(await requestCountsOf(other.id)).toEqual({ kept: [1, 0], counted: [1, 0] });

  await prisma.documentRequest.deleteMany({ where: { applicationId: application.id, status: "answered" } });
  expect(await requestCountsOf(application.id)).toEqual({ kept: [0, 0], counted: [0, 0] });
});

test("an application deleted with its requests, or given another id, keeps its counts right", async () => {
  const application = await anApplication();
  await prisma.documentRequest.createMany({
    data: [requestRow(application.id), requestRow(application.id, "answered")],
  });
  // The requests follow the application's new id (ON UPDATE CASCADE), and so do the counts.
  const moved = application.id + 1_000_000;
  await prisma.$executeRaw`UPDATE "applications" SET "id" = ${moved} WHERE "id" = ${application.id}`;
  try {
    expect(await requestCountsOf(moved)).toEqual({ kept: [1, 1], counted: [1, 1] });
  } finally {
    await prisma.$executeRaw`UPDATE "applications" SET "id" = ${application.id} WHERE "id" = ${moved}`;
  }
  expect(await requestCountsOf(application.id)).toEqual({ kept: [1, 1], counted: [1, 1] });
  await prisma.application.delete({ where: { id: application.id } });
  expect(await prisma.documentRequest.count({ where: { applicationId: application.id } })).toBe(0);
});

describeOnPostgres("requests of one application written at the same moment", () => {
  test("two requests asked at once by two writers: both count", async () => {
    const application = await anApplication();
    // The first insert has counted itself on the application's row and not committed; the
    // second's count waits for that row, then adds to what the first left.
    const outcome = await whileUncommitted(
      [
        {
          sql: `INSERT INTO "document_requests" ("applicationId", "message", "requestedByName") VALUES ($1, 'First', 'A')`,
          values: [application.id],
        },
      ],
      () => prisma.documentRequest.create({ data: requestRow(application.id) }),
    );
    expect(outcome.status).toBe("fulfilled");
    expect(await requestCountsOf(application.id)).toEqual({ kept: [2, 0], counted: [2, 0] });
  });

  test("one request answered while another is closed: each moves its own count", async () => {
    const application = await anApplication();
    const first = await prisma.documentRequest.create({ data: requestRow(application.id) });
    const second = await prisma.documentRequest.create({ data: requestRow(application.id) });
    const outcome = await whileUncommitted(
      [
        {
          sql: `UPDATE "document_requests" SET "status" = 'answered' WHERE "id" = $1`,
          values: [first.id],
        },
      ],
      () => prisma.documentRequest.update({ where: { id: second.id }, data: { status: "closed" } }),
    );
    expect(outcome.status).toBe("fulfilled");
    expect(await requestCountsOf(application.id)).toEqual({ kept: [0, 1], counted: [0, 1] });
  });

  test("many writers at once, answering, closing and asking: the counts end as the requests stand", async () => {
    const application = await anApplication();
    const staff = viewerOf(await createSuperAdmin());
    const existing = await Promise.all(
      [0, 1, 2, 3].map(() => prisma.documentRequest.create({ data: requestRow(application.id) })),
    );
    // The test holds the application's row; every writer's count queues behind it and the others.
    const writes = await whileLocked(rowLock("applications", application.id), [
      () => prisma.documentRequest.update({ where: { id: existing[0].id }, data: { status: "answered" } }),
      () => prisma.documentRequest.update({ where: { id: existing[1].id }, data: { status: "closed" } }),
      () => prisma.documentRequest.delete({ where: { id: existing[2].id } }),
      () => prisma.documentRequest.create({ data: requestRow(application.id, "answered") }),
      () => createRequest(staff, application.id, { documentType: null, message: "One more thing." }),
    ]);
    expect(writes.map((outcome) => outcome.status)).toEqual(Array(5).fill("fulfilled"));
    expect(await requestCountsOf(application.id)).toEqual({ kept: [2, 2], counted: [2, 2] });
  });
});
