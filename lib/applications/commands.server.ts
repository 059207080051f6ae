import "server-only";
import type { Viewer } from "@/lib/auth/viewer";
import { prisma } from "@/lib/db/client.server";
import { violatedForeignKey, violatedUniqueIndex } from "@/lib/db/errors.server";
import type { Prisma } from "@/lib/generated/prisma/client";
import { conflict, gone, notFound, unprocessable } from "@/lib/http/errors";
import { PROGRAM_NOT_FOUND } from "@/lib/programs/commands.server";
import { attachDraftDocuments } from "@/lib/documents/commands.server";
import { getDecideByWorkingDays } from "@/lib/settings/queries.server";
import type { ApplicationInput, OfferReplyInput } from "@/lib/validation/application";
import { dateOf, decideByDate } from "./dates";
import { toConditionStatus } from "./conditions";
import { sameStartTerm, startTermOf } from "./offer";
import { listAcceptedPlaces, type AcceptedPlace } from "./queries.server";
import { deadlinePassed } from "@/lib/format";
import { applicationReceived } from "@/lib/mail/templates/application-received.server";
import { newSubmissionNotice } from "@/lib/mail/templates/team-notice.server";
import { tellStaff } from "@/lib/notifications/tell.server";
import { MAIL_SUBJECT_SELECT, queueMail, readyToQueueMail } from "./mail.server";
import { toDbStatus, toStatus } from "./status";
import { moveApplication, moveWithin } from "./transition.server";
import { OPEN_APPLICATION_INDEX, OPEN_STATUSES } from "./workflow";

// Writes of the application workflow. The student always comes from the session and a new
// application is always pending, whatever the request body says.

export const ALREADY_APPLIED = "You have already applied to this program. Follow it under My Applications.";
export const DEADLINE_PASSED = "The application deadline for this program has passed.";
export const PROGRAM_ARCHIVED =
  "This program no longer takes applications: it has been withdrawn. Search for another program.";

/** The first key of the (student, program) locks below (pg_advisory_xact_lock's two-key form). */
export const APPLY_LOCK_CLASS = 0x617070;

/**
 * Serialises the writes of one student's draft and application for one program: saving the draft
 * and submitting each take this lock first, in their own transaction. A save that waited for a
 * submit then sees the committed application and is refused, so a second tab still autosaving
 * never brings the draft back once the application exists. Released when the transaction ends.
 */
export async function lockApplying(tx: Prisma.TransactionClient, userId: number, programId: number) {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${APPLY_LOCK_CLASS}::int, hashtext(${`${userId}:${programId}`}::text))`;
}

export async function submitApplication(userId: number, input: ApplicationInput, now = new Date()) {
  await readyToQueueMail();
  try {
    return await prisma.$transaction(async (tx) => {
      // Taken before anything is read: a draft save waiting on it sees this application once it
      // commits, and is refused instead of bringing the draft back.
      await lockApplying(tx, userId, input.programId);
      // FOR SHARE: archiving or deleting the program (which lock it for update) waits until this
      // application is stored, or this read waits for the archive and sees it. The foreign key's
      // own lock would not wait for an archive, which changes no key.
      const [program] = await tx.$queryRaw<
        { id: number; deadline: Date; timeZone: string; archivedAt: Date | null }[]
      >`
        SELECT "id", "deadline", "timeZone", "archivedAt" FROM "programs" WHERE "id" = ${input.programId} FOR SHARE`;
      if (!program) throw notFound(PROGRAM_NOT_FOUND);
      // A live program's university is live too (the database keeps that rule).
      if (program.archivedAt) throw gone(PROGRAM_ARCHIVED);
      // Open until the end of 23:59:59.999 on the deadline day in the program's time zone.
      if (deadlinePassed(program, now)) throw unprocessable(DEADLINE_PASSED);
      if (await openApplicationOf(tx, userId, program.id)) throw conflict(ALREADY_APPLIED);

      const application = await tx.application.create({
        data: {
          userId,
          programId: program.id,
          status: "pending",
          personalStatement: input.personalStatement,
          academicHistory: input.academicHistory,
          submittedAt: now,
          // Counted now, with today's setting: changing the setting later moves no stored date.
          decideBy: dateOf(decideByDate(now, await getDecideByWorkingDays(tx), program.timeZone)),
        },
        select: { id: true, status: true, submittedAt: true, programId: true },
      });
      const event = await tx.applicationEvent.create({
        data: {
          applicationId: application.id,
          actorId: userId,
          actorName: (await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { fullName: true } }))
            .fullName,
          fromStatus: null,
          toStatus: "pending",
          createdAt: now,
        },
        select: { id: true },
      });
      // 400 naming each required document not yet uploaded; the draft's documents become the
      // application's, never changed again.
      await attachDraftDocuments(tx, userId, program.id, application.id);
      await tx.applicationDraft.deleteMany({ where: { userId, programId: program.id } });
      const about = await tx.application.findUniqueOrThrow({
        where: { id: application.id },
        select: MAIL_SUBJECT_SELECT,
      });
      // The receipt, queued with the application: a refused submit sends nothing.
      await queueMail(tx, about, applicationReceived(about.program, application.submittedAt));
      // The staff who handle the university and asked to hear of new applications.
      await tellStaff(tx, {
        kind: "newSubmission",
        applicationId: application.id,
        eventId: event.id,
        message: newSubmissionNotice(about.user.fullName, application.submittedAt),
      });
      return {
        ...application,
        status: toStatus(application.status),
        submittedAt: application.submittedAt.toISOString(),
      };
    });
  } catch (error) {
    // Two submits at once: the unique index of open applications turns the second into a 409 too.
    const index = violatedUniqueIndex(error);
    if (index === OPEN_APPLICATION_INDEX.name || index === "") throw conflict(ALREADY_APPLIED);
    // The program was deleted while the application was being stored.
    if (violatedForeignKey(error) === "applications_programId_fkey") throw notFound(PROGRAM_NOT_FOUND);
    throw error;
  }
}

/** The student's open application to this program, if any (closed ones do not stop a new one). */
export function openApplicationOf(tx: Prisma.TransactionClient, userId: number, programId: number) {
  return tx.application.findFirst({
    where: { userId, programId, status: { in: OPEN_STATUSES.map(toDbStatus) } },
    select: { id: true },
  });
}

/**
 * A student withdraws an application at any stage before enrolment, saying why if they wish. The
 * application and its history stay, as "withdrawn"; the answers become the program's draft (on the
 * last step, as if just written, replacing any older one), so applying again starts from them.
 */
export async function withdrawApplication(
  student: Pick<Viewer, "id" | "role" | "adminType" | "permissions">,
  applicationId: number,
  reason?: string,
  now = new Date(),
) {
  return moveApplication(
    student,
    applicationId,
    { status: "withdrawn", reason },
    now,
    async (tx, application) => {
      await lockApplying(tx, student.id, application.programId);
      const data = {
        step: 2,
        personalStatement: application.personalStatement,
        academicHistory: application.academicHistory ?? {},
      } satisfies Prisma.InputJsonObject;
      await tx.applicationDraft.upsert({
        where: { userId_programId: { userId: student.id, programId: application.programId } },
        create: { userId: student.id, programId: application.programId, data },
        update: { data, version: { increment: 1 } },
      });
    },
  );
}

/** The first key of the per-student lock of offer replies (pg_advisory_xact_lock's two-key form). */
const REPLY_LOCK_CLASS = 0x726570;

/** What accepting an offer says when it would give the student two places for the same start. */
export function placeToReplace(places: readonly AcceptedPlace[]): string {
  const named = places.map((p) => `${p.programName} at ${p.universityName} (${p.startTerm})`).join(", ");
  return `You have accepted an offer for the same start: ${named}. Accepting this one declines that place: confirm that you want to replace it.`;
}

/**
 * The student's reply to an offer. Accepting an offer with conditions still to meet waits for them
 * (conditions-pending); one without, or whose conditions are all met, confirms the place.
 * Declining may say why. The table decides whether the application holds an offer to reply to
 * (409 otherwise).
 *
 * A student holds one place per start: accepting an offer for the start of a place already
 * accepted is refused (409 naming it) unless `replaces` names that application, and then declines
 * it in the same transaction. The student's replies take a lock of their own, so two offers
 * accepted at the same moment cannot both keep their places.
 */
export async function replyToOffer(
  student: Pick<Viewer, "id" | "role" | "adminType" | "permissions">,
  applicationId: number,
  { answer, reason, replaces }: OfferReplyInput,
  now = new Date(),
) {
  await readyToQueueMail();
  return prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${REPLY_LOCK_CLASS}::int, ${student.id}::int)`;
    if (answer === "decline")
      return moveWithin(tx, student, applicationId, { status: "offer-declined", reason }, now);
    const offer = await tx.application.findFirst({
      where: { id: applicationId, userId: student.id },
      select: {
        conditions: { select: { status: true } },
        events: {
          where: { transition: { in: ["make-offer", "defer"] } },
          orderBy: { id: "desc" },
          select: { transition: true, data: true },
        },
      },
    });
    const term = offer ? startTermOf(offer.events) : null;
    const clashing = (await listAcceptedPlaces(student.id, tx)).filter(
      (place) => place.applicationId !== applicationId && sameStartTerm(place.startTerm, term),
    );
    if (clashing.length && !clashing.some((place) => place.applicationId === replaces)) {
      throw conflict(placeToReplace(clashing));
    }
    const met = (offer?.conditions ?? []).every((condition) => toConditionStatus(condition.status) === "met");
    const accepted = await moveWithin(
      tx,
      student,
      applicationId,
      { status: met ? "place-confirmed" : "conditions-pending" },
      now,
    );
    for (const place of clashing) {
      await moveWithin(
        tx,
        student,
        place.applicationId,
        { status: "offer-declined", reason: `I accepted another offer for ${place.startTerm}.` },
        now,
      );
    }
    return accepted;
  });
}
