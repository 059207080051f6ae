import "server-only";
import { logger } from "@/lib/log.server";
import { recordAudit } from "@/lib/audit/record.server";
import { prisma } from "@/lib/db/client.server";
import { env } from "@/lib/env.server";
import { violatedForeignKey } from "@/lib/db/errors.server";
import { Prisma } from "@/lib/generated/prisma/client";
import { PROGRAM_NOT_FOUND } from "@/lib/programs/commands.server";
import { canReviewApplication, OWN_APPLICATION_REVIEW } from "@/lib/auth/policy";
import type { Viewer } from "@/lib/auth/viewer";
import { conflict, forbidden, gone, notFound, staleWrite, unprocessable } from "@/lib/http/errors";
import { sendMail } from "@/lib/mail/send.server";
import type { ApplicationInput } from "@/lib/validation/application";
import { changedSinceOpened } from "@/lib/validation/common";
import { STATUS_LABELS, toDbStatus, toStatus, type ApplicationStatus } from "./status";
import { canTransition, transitionRefusal } from "./transitions";
import { greeting } from "@/lib/mail/greeting";
import { formatDate } from "@/lib/format";

// Writes of the application workflow. The student always comes from the session and a new
// application is always pending, whatever the request body says.

export const ALREADY_APPLIED = "You have already applied to this program. Follow it under My Applications.";
export const DEADLINE_PASSED = "The application deadline for this program has passed.";
export const PROGRAM_ARCHIVED =
  "This program no longer takes applications: it has been withdrawn. Search for another program.";

/** The first key of the (student, program) locks below (pg_advisory_xact_lock's two-key form). */
const APPLY_LOCK_CLASS = 0x617070;

/**
 * Serialises the writes of one student's draft and application for one program: saving the draft
 * and submitting each take this lock first, in their own transaction. A save that waited for a
 * submit then sees the committed application and is refused, so a second tab still autosaving
 * never brings the draft back once the application exists. Released when the transaction ends.
 */
export async function lockApplying(tx: Prisma.TransactionClient, userId: number, programId: number) {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${APPLY_LOCK_CLASS}::int, hashtext(${`${userId}:${programId}`}::text))`;
}

/** What an e-mail about an application names: the program, its degree and its university. */
interface MailSubject {
  user: { email: string; fullName: string; emailVerifiedAt: Date | null };
  program: { name: string; degree: string; university: { name: string } };
}
const MAIL_SUBJECT_SELECT = {
  user: { select: { email: true, fullName: true, emailVerifiedAt: true } },
  program: { select: { name: true, degree: true, university: { select: { name: true } } } },
} as const;

/**
 * "Marine Biology (MSc) at Riverside University": every e-mail about an application names it in
 * its subject, so that mail about several applications does not thread together.
 */
export function applicationTitle(program: MailSubject["program"]): string {
  return `${program.name} (${program.degree}) at ${program.university.name}`;
}

/** Queues an e-mail about one application; a failure to queue is logged, never the caller's error. */
function mailStudent(about: MailSubject, subject: string, body: string) {
  return sendMail({
    to: about.user.email,
    subject: `${applicationTitle(about.program)}: ${subject}`,
    text: `${greeting(about.user)}\n\n${body}\n\nFollow your applications at ${new URL("/user/applications", env.APP_URL)}\n`,
  }).catch((error: unknown) => logger().error({ err: error }, "application e-mail not queued"));
}

export async function submitApplication(userId: number, input: ApplicationInput, now = new Date()) {
  try {
    const created = await prisma.$transaction(async (tx) => {
      // Taken before anything is read: a draft save waiting on it sees this application once it
      // commits, and is refused instead of bringing the draft back.
      await lockApplying(tx, userId, input.programId);
      // FOR SHARE: archiving or deleting the program (which lock it for update) waits until this
      // application is stored, or this read waits for the archive and sees it. The foreign key's
      // own lock would not wait for an archive, which changes no key.
      const [program] = await tx.$queryRaw<{ id: number; deadline: Date; archivedAt: Date | null }[]>`
        SELECT "id", "deadline", "archivedAt" FROM "programs" WHERE "id" = ${input.programId} FOR SHARE`;
      if (!program) throw notFound(PROGRAM_NOT_FOUND);
      // A live program's university is live too (the database keeps that rule).
      if (program.archivedAt) throw gone(PROGRAM_ARCHIVED);
      if (program.deadline.getTime() < now.getTime()) throw unprocessable(DEADLINE_PASSED);
      const existing = await tx.application.findUnique({
        where: { userId_programId: { userId, programId: program.id } },
        select: { id: true },
      });
      if (existing) throw conflict(ALREADY_APPLIED);

      const application = await tx.application.create({
        data: {
          userId,
          programId: program.id,
          status: "pending",
          personalStatement: input.personalStatement,
          academicHistory: input.academicHistory,
          submittedAt: now,
        },
        select: { id: true, status: true, submittedAt: true, programId: true },
      });
      await tx.applicationEvent.create({
        data: {
          applicationId: application.id,
          actorId: userId,
          actorName: await nameOf(tx, userId),
          fromStatus: null,
          toStatus: "pending",
          createdAt: now,
        },
      });
      await tx.applicationDraft.deleteMany({ where: { userId, programId: program.id } });
      const about = await tx.application.findUniqueOrThrow({
        where: { id: application.id },
        select: MAIL_SUBJECT_SELECT,
      });
      return {
        about,
        application: {
          ...application,
          status: toStatus(application.status),
          submittedAt: application.submittedAt.toISOString(),
        },
      };
    });
    // The receipt: sent once the application is stored, so a refused submit sends nothing.
    await mailStudent(
      created.about,
      "application received",
      `We received your application to the ${applicationTitle(created.about.program)} on ` +
        `${formatDate(created.application.submittedAt)}. Its status is "${STATUS_LABELS.pending}"; ` +
        "you will get an e-mail each time it changes.",
    );
    return created.application;
  } catch (error) {
    // Two submits at once: the unique (user, program) key turns the second into a 409 too.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")
      throw conflict(ALREADY_APPLIED);
    // The program was deleted while the application was being stored.
    if (violatedForeignKey(error) === "applications_programId_fkey") throw notFound(PROGRAM_NOT_FOUND);
    throw error;
  }
}

export const APPLICATION_CHANGED = changedSinceOpened("application");

/** The full name a history entry keeps for the account that made the change. */
async function nameOf(tx: Prisma.TransactionClient, userId: number): Promise<string> {
  const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { fullName: true } });
  return user.fullName;
}

/**
 * An admin moves an application along the review workflow; the student is told by e-mail. Never
 * the admin who submitted it (403, canReviewApplication): the rule is checked here, in the writing
 * transaction, so no route, action or future caller can skip it.
 */
export async function changeStatus(
  reviewer: Pick<Viewer, "id" | "role">,
  applicationId: number,
  to: ApplicationStatus,
  note: string | null,
  /** The status the reviewer saw (the dialog's): the change is refused when it is no longer so. */
  seen?: ApplicationStatus,
) {
  const actorId = reviewer.id;
  const { from, application } = await prisma.$transaction(async (tx) => {
    const current = await tx.application.findUnique({
      where: { id: applicationId },
      select: {
        status: true,
        user: { select: { id: true, email: true, fullName: true, emailVerifiedAt: true } },
        program: { select: { name: true, degree: true, university: { select: { name: true } } } },
      },
    });
    if (!current) throw notFound("Application not found");
    if (!canReviewApplication(reviewer, { student: current.user })) throw forbidden(OWN_APPLICATION_REVIEW);
    const previous = toStatus(current.status);
    // Checked before the move: a dialog opened before a colleague's change would otherwise be told
    // that the application cannot move from where it is now to where the colleague already put it.
    if (seen !== undefined && seen !== previous) throw staleWrite(APPLICATION_CHANGED);
    if (!canTransition(previous, to)) throw unprocessable(transitionRefusal(previous, to));
    // Conditional on the status read above, so two reviewers cannot both move it from there.
    const { count } = await tx.application.updateMany({
      where: { id: applicationId, status: current.status },
      data: { status: toDbStatus(to) },
    });
    if (count === 0) throw staleWrite(APPLICATION_CHANGED);
    const actorName = await nameOf(tx, actorId);
    await recordAudit(
      tx,
      { id: actorId, fullName: actorName },
      {
        action: "application.status",
        entityType: "application",
        entityId: applicationId,
        summary: `${current.user.fullName}: ${current.program.name} at ${current.program.university.name}`,
        before: { status: previous },
        after: { status: to, note },
      },
    );
    await tx.applicationEvent.create({
      data: {
        applicationId,
        actorId,
        actorName,
        fromStatus: current.status,
        toStatus: toDbStatus(to),
        note,
      },
    });
    return { from: previous, application: current };
  });

  await mailStudent(
    application,
    `your application is now ${STATUS_LABELS[to]}`,
    `Your application to the ${applicationTitle(application.program)} is now "${STATUS_LABELS[to]}".` +
      (note ? `\n\nNote from the admissions team:\n${note}` : ""),
  );
  return { id: applicationId, status: to, previousStatus: from };
}

/** A student withdraws an application that nobody has started reviewing. */
export async function withdrawApplication(userId: number, applicationId: number, now = new Date()) {
  const about = await prisma.$transaction(async (tx) => {
    const application = await tx.application.findFirst({
      where: { id: applicationId, userId },
      select: { programId: true, personalStatement: true, academicHistory: true, ...MAIL_SUBJECT_SELECT },
    });
    if (!application) throw notFound("Application not found");
    await lockApplying(tx, userId, application.programId);
    const { count } = await tx.application.deleteMany({
      where: { id: applicationId, userId, status: "pending" },
    });
    if (count === 0) {
      const still = await tx.application.count({ where: { id: applicationId, userId } });
      if (still === 0) throw notFound("Application not found");
      throw unprocessable("Only a pending application can be withdrawn; this one is already under review.");
    }
    // Applying again starts from the withdrawn answers: they become the program's draft (on the
    // last step, as if just written), replacing any older one.
    const data = {
      step: 2,
      personalStatement: application.personalStatement,
      academicHistory: application.academicHistory ?? {},
    } satisfies Prisma.InputJsonObject;
    await tx.applicationDraft.upsert({
      where: { userId_programId: { userId, programId: application.programId } },
      create: { userId, programId: application.programId, data },
      update: { data, version: { increment: 1 } },
    });
    return application;
  });
  // The receipt: whoever withdrew it (a shared computer, a session left open), the student knows.
  await mailStudent(
    about,
    "application withdrawn",
    `Your application to the ${applicationTitle(about.program)} was withdrawn on ${formatDate(now)}. ` +
      "The admissions team will not review it. Your answers are kept as a draft, if you apply again " +
      "before the deadline.",
  );
}
