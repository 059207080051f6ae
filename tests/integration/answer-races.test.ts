import { randomBytes } from "node:crypto";
import { answerRequest, closeRequest, createRequest } from "@/lib/applications/requests.server";
import { prisma } from "@/lib/db/client.server";
import { stopMailQueue } from "@/lib/mail/queue.server";
import { declineReference, writeReference } from "@/lib/references/commands.server";
import { hashToken } from "@/lib/references/queries.server";
import { cleanup, createStudentApplication, createSuperAdmin, viewerOf } from "../support/factories";
import { rowLock, statusOf, whileLocked } from "../support/interleave";
import { sent } from "../support/mail-capture";
import { describeOnPostgres } from "../support/postgres-only";

// Two answers to one question at the same moment: a student's two tabs answering one request, a
// student answering while the team closes it, a referee's link submitted twice at once (a double
// click, or the form and an upload). Each answer locks the application, then reads the request
// or link again, so exactly one answer counts, the other is told 409, and the history, the
// notices and the e-mails say what happened once. The embedded database serves one transaction at
// a time and cannot show this; PostgreSQL can.

jest.mock("@/lib/mail/send.server", () => jest.requireActual("../support/mail-capture").capturingMail());

afterAll(async () => {
  await stopMailQueue();
  await cleanup();
});

/** Runs `actions` at once while the test holds the application's row, then lets them go. */
const atOnce = (applicationId: number, actions: (() => Promise<unknown>)[]) =>
  whileLocked(rowLock("applications", applicationId), actions);

async function anApplication() {
  const { student, application } = await createStudentApplication("Answer Studies");
  return { applicant: viewerOf(student), applicationId: application.id };
}

const stepsOf = async (applicationId: number) =>
  (
    await prisma.applicationEvent.findMany({
      where: { applicationId },
      orderBy: { id: "asc" },
      select: { transition: true },
    })
  ).map((event) => event.transition);

describeOnPostgres("answers at the same moment", () => {
  test("a correction answered twice at once: one answer, one event", async () => {
    const { applicant, applicationId } = await anApplication();
    const staff = viewerOf(await createSuperAdmin());
    const request = await createRequest(staff, applicationId, {
      documentType: null,
      message: "Your graduation year reads 2042; please correct it.",
    });

    const outcomes = await atOnce(applicationId, [
      () => answerRequest(applicant, applicationId, request.id, { answer: "It is 2024, sorry." }),
      () => answerRequest(applicant, applicationId, request.id, { answer: "2024, from my other tab." }),
    ]);

    expect(outcomes.map(statusOf).sort()).toEqual([200, 409]);
    const answered = outcomes.find((outcome) => outcome.status === "fulfilled") as PromiseFulfilledResult<{
      answer: string;
    }>;
    const row = await prisma.documentRequest.findUniqueOrThrow({ where: { id: request.id } });
    expect(row.status).toBe("answered");
    expect(row.answer).toBe(answered.value.answer);
    const steps = await stepsOf(applicationId);
    expect(steps.filter((step) => step === "answer-request")).toHaveLength(1);
  });

  test("answered while the team closes it: both happen in one order, or the answer is refused", async () => {
    const { applicant, applicationId } = await anApplication();
    const staff = viewerOf(await createSuperAdmin());
    const request = await createRequest(staff, applicationId, {
      documentType: null,
      message: "Tell us which term you would start.",
    });

    const [answer, close] = await atOnce(applicationId, [
      () => answerRequest(applicant, applicationId, request.id, { answer: "September." }),
      () => closeRequest(staff, applicationId, request.id),
    ]);

    expect(statusOf(close)).toBe(200);
    const row = await prisma.documentRequest.findUniqueOrThrow({ where: { id: request.id } });
    expect(row.status).toBe("closed");
    const steps = await stepsOf(applicationId);
    if (statusOf(answer) === 200) {
      // The answer came first: it is kept, and the team closed the answered request.
      expect(row.answer).toBe("September.");
      expect(steps).toEqual(["request-document", "answer-request", "close-request"]);
    } else {
      expect(statusOf(answer)).toBe(409);
      expect(row.answer).toBeNull();
      expect(steps).toEqual(["request-document", "close-request"]);
    }
  });

  test("a referee's link submitted twice at once: one reference, one event, one e-mail", async () => {
    const { applicationId } = await anApplication();
    const token = randomBytes(32).toString("base64url");
    const reference = await prisma.reference.create({
      data: {
        applicationId,
        refereeName: "Dr Ada Lovelace",
        refereeEmail: "ada.lovelace@example.test",
        relationship: "Thesis supervisor",
        waived: false,
        tokenHash: hashToken(token),
        tokenExpiresAt: new Date(Date.now() + 30 * 86_400_000),
      },
    });
    sent.length = 0;

    const outcomes = await atOnce(applicationId, [
      () => writeReference(token, "A careful and curious student. ".repeat(5)),
      () => declineReference(token, "I do not know the student well enough."),
    ]);

    expect(outcomes.map(statusOf).sort()).toEqual([200, 409]);
    const row = await prisma.reference.findUniqueOrThrow({ where: { id: reference.id } });
    const wrote = outcomes[0].status === "fulfilled";
    expect(row.status).toBe(wrote ? "received" : "declined");
    expect(row.text === null).toBe(!wrote);
    expect(row.declineReason === null).toBe(wrote);
    expect((await stepsOf(applicationId)).filter((step) => step === "reference")).toHaveLength(1);
    expect(sent).toHaveLength(1);
  });
});
