import { lockMailDelivery } from "../support/mail-delivery-lock";
import { freePort, startSmtpCapture } from "../support/smtp-capture";

// Outgoing e-mail goes through a durable queue in PostgreSQL (Faults): a request never
// waits for SMTP, and a message that SMTP cannot take is retried until it is delivered, once.

async function until<T>(read: () => Promise<T | undefined | null | false>, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

// lib/env.server reads SMTP_URL once, when first loaded: the app's modules are loaded after it is set.
let port: number;
let cleanup: () => Promise<void>;
let unlockMailDelivery: () => Promise<void>;
beforeAll(async () => {
  unlockMailDelivery = await lockMailDelivery();
  port = await freePort();
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  jest.resetModules();
  ({ cleanup } = await import("../support/factories"));
});
afterAll(async () => {
  await cleanup();
  await (await import("@/lib/mail/queue.server")).stopMailQueue();
  await unlockMailDelivery();
});

test("jobs:mail delivers the mail that is due and says how much (for servers that sleep)", async () => {
  const { sendMail } = await import("@/lib/mail/send.server");
  const { deliverDueMail } = await import("@/lib/mail/worker.server");
  const smtp = await startSmtpCapture(port);
  try {
    const to = `due.${Date.now()}@example.com`;
    await sendMail({ to, subject: "Due now", text: "Delivered by the scheduled job." });
    await sendMail({ to, subject: "Due too", text: "Also delivered." });
    // Other test files share the queue: their mail may go out in the same round.
    const round = await deliverDueMail();
    expect(round.failed).toBe(0);
    expect(round.sent).toBeGreaterThanOrEqual(2);
    expect(smtp.inbox.filter((mail) => mail.to.includes(to))).toHaveLength(2);
    // Delivered once: another round sends these two again to nobody.
    await deliverDueMail();
    expect(smtp.inbox.filter((mail) => mail.to.includes(to))).toHaveLength(2);
  } finally {
    await smtp.stop();
  }
});

test("a worker told to stop finishes the message it is sending and takes no other (a restart)", async () => {
  const { prisma } = await import("@/lib/db/client.server");
  const { sendMail } = await import("@/lib/mail/send.server");
  const { deliverDueMail } = await import("@/lib/mail/worker.server");
  const smtp = await startSmtpCapture(port);
  try {
    const to = `restart.${Date.now()}@example.com`;
    for (const subject of ["First", "Second", "Third"])
      await sendMail({ to, subject, text: "Queued before a restart." });
    const ours = () => smtp.inbox.filter((mail) => mail.to.includes(to));
    // The server is told to stop while one of these is being sent.
    await deliverDueMail(undefined, () => ours().length > 0);
    expect(ours()).toHaveLength(1);
    // The other two were not taken: still queued, for another server or the next start at once.
    const states = await prisma.$queryRaw<{ state: string }[]>`
      SELECT state::text FROM pgboss.job WHERE name = 'mail' AND data->>'to' = ${to}`;
    expect(states.map((row) => row.state).sort()).toEqual(["completed", "created", "created"]);
    await deliverDueMail();
    expect(ours()).toHaveLength(3);
  } finally {
    await smtp.stop();
  }
});

test("a status change while SMTP is down is answered at once, then e-mailed once SMTP is back", async () => {
  const { prisma } = await import("@/lib/db/client.server");
  const { PATCH: changeStatus } = await import("@/app/api/applications/[id]/route");
  const { startMailWorker } = await import("@/lib/mail/worker.server");
  const { createApplication, createStudent, createTeamAdmin, createUniversity } =
    await import("../support/factories");
  const { signIn } = await import("../support/roles");

  const student = await createStudent();
  const admin = await createTeamAdmin();
  const university = await createUniversity({ programs: [{}] });
  const application = await createApplication({ userId: student.id, programId: university.programs[0].id });
  const agent = await signIn(admin.username);

  // SMTP is down: the change is saved and answered without waiting for the e-mail.
  const response = await agent.call(changeStatus, `/api/applications/${application.id}`, {
    method: "PATCH",
    json: { status: "in-review" },
    params: { id: String(application.id) },
  });
  expect(response.status).toBe(200);

  const job = () =>
    prisma.$queryRaw<{ id: string; state: string; output: unknown }[]>`
      SELECT id::text, state::text, output FROM pgboss.job
       WHERE name = 'mail' AND data->>'to' = ${student.email}`.then((rows) => rows[0]);
  expect(await job()).toMatchObject({ state: "created" });

  const stopWorker = await startMailWorker();
  // The worker tried, the SMTP server could not be reached: the job waits for a retry.
  const failed = await until(async () => {
    const row = await job();
    return row?.state === "retry" && row;
  });
  expect(JSON.stringify(failed.output)).toContain("ECONNREFUSED");

  const smtp = await startSmtpCapture(port);
  try {
    // Instead of waiting out the backoff (30 s and more), the retry is made due now.
    await prisma.$executeRaw`UPDATE pgboss.job SET start_after = now() WHERE id = ${failed.id}::uuid`;
    await until(async () => (await job())?.state === "completed");
    // Given time for a duplicate to show, there is none.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const received = smtp.inbox.filter((mail) => mail.to.includes(student.email));
    expect(received).toHaveLength(1);
    // (A long subject is folded at a space.)
    expect(received[0].raw).toMatch(/Subject: .*: your\s+application\s+is\s+now\s+In\s+Review/);
  } finally {
    await stopWorker();
    await smtp.stop();
  }
});

test("an address the SMTP server refuses for good is not retried, and a referee's request bounces", async () => {
  const { prisma } = await import("@/lib/db/client.server");
  const { sendMail } = await import("@/lib/mail/send.server");
  const { deliverDueMail } = await import("@/lib/mail/worker.server");
  const { createApplication, createStudent, createUniversity } = await import("../support/factories");
  const { SMTPServer } = await import("smtp-server");

  const student = await createStudent();
  const university = await createUniversity({ programs: [{}] });
  const application = await createApplication({ userId: student.id, programId: university.programs[0].id });
  const refused = `nobody.${Date.now()}@example.com`;
  const reference = await prisma.reference.create({
    data: {
      applicationId: application.id,
      refereeName: "Dr Nobody",
      refereeEmail: refused,
      relationship: "Teacher",
      waived: false,
      tokenHash: `test-${Date.now()}`,
      tokenExpiresAt: new Date(Date.now() + 86_400_000),
    },
  });
  // A server that has no mailbox for the referee: 550 to RCPT TO.
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address !== refused) return callback();
      callback(Object.assign(new Error("No such mailbox"), { responseCode: 550 }));
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on("end", () => callback());
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  try {
    await sendMail({ to: refused, subject: "Reference", text: "Please.", bouncesReference: reference.id });
    await deliverDueMail();
    const [job] = await prisma.$queryRaw<{ state: string }[]>`
      SELECT state::text FROM pgboss.job WHERE name = 'mail' AND data->>'to' = ${refused}`;
    expect(job.state).toBe("cancelled");
    expect(await prisma.reference.findUniqueOrThrow({ where: { id: reference.id } })).toMatchObject({
      status: "bounced",
    });
    const [event] = await prisma.applicationEvent.findMany({ where: { applicationId: application.id } });
    expect(event).toMatchObject({ transition: "reference", data: { reference: { step: "bounced" } } });
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
