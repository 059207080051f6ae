import "server-only";
import { recordAudit } from "@/lib/audit/record.server";
import { canReviewApplication, OWN_APPLICATION_REVIEW } from "@/lib/auth/policy";
import type { Viewer } from "@/lib/auth/viewer";
import { prisma } from "@/lib/db/client.server";
import { Prisma } from "@/lib/generated/prisma/client";
import { badRequest, conflict, forbidden, notFound, staleWrite } from "@/lib/http/errors";
import type { TransitionInput } from "@/lib/validation/application";
import { changedSinceOpened } from "@/lib/validation/common";
import { applicationStatus } from "@/lib/mail/templates/application-status.server";
import { dateOf } from "./dates";
import { queueMail, readyToQueueMail, type MailSubject } from "./mail.server";
import { defaultReplyBy, offerOf, outstandingConditions } from "./offer";
import { toDbStatus, toStatus, type ApplicationStatus } from "./status";
import {
  guardHolds,
  MISSING_REQUIREMENT,
  transitionRefusal,
  transitionsFrom,
  type Transition,
  type TransitionName,
  type WorkflowActor,
} from "./workflow";

// Moves an application along its life, asking the transition table (./workflow.ts) and nothing
// else. One transaction writes the new status (conditional on the one read, so two people cannot
// both move it from there), the event in its history with the actor, reason and data, the audit
// entry for staff, and the e-mail to the student: all of them or none.

export const APPLICATION_CHANGED = changedSinceOpened("application");

/** A move: the status to go to, and what the transition asks for. */
export type MoveInput = Pick<TransitionInput, "status"> & Partial<TransitionInput>;

/** What a move's further writes read of the application (and who and what its e-mails name). */
export interface MovedApplication extends MailSubject {
  programId: number;
  personalStatement: string;
  academicHistory: Prisma.JsonValue;
}

/** A person making a transition, or the scheduled jobs. */
export type Mover = Pick<Viewer, "id" | "role" | "adminType"> | "system";

export function workflowActorOf(mover: Mover): WorkflowActor {
  if (mover === "system") return "system";
  if (mover.role === "user") return "student";
  return mover.adminType === "super" ? "superAdmin" : "teamAdmin";
}

/** What the move recorded, for the event's data and the e-mail. */
interface Recorded {
  reason: string | null;
  data: Prisma.InputJsonObject | null;
}

/** Checks what the transition needs and gathers what it records; a 400 naming the missing field. */
function record(
  transition: Transition,
  input: MoveInput,
  conditions: string[],
  now: Date,
  timeZone: string,
): Recorded {
  const data: Record<string, Prisma.InputJsonValue> = {};
  for (const requirement of transition.requires) {
    const missing = MISSING_REQUIREMENT[requirement as keyof typeof MISSING_REQUIREMENT];
    const value = requirement === "reason" ? input.reason : input[requirement as "interview" | "startTerm"];
    if (missing && !value) throw badRequest(missing, { [requirement]: [missing] });
    if (requirement === "interview" && input.interview) data.interview = input.interview;
    if (requirement === "startTerm" && input.startTerm) data.startTerm = input.startTerm;
    if (requirement === "rejectionReasons" && input.reasons?.length) data.reasons = input.reasons;
    if (requirement === "offer") {
      const offer = input.offer ?? {};
      data.offer = {
        conditions: offer.conditions ?? [],
        replyBy: offer.replyBy ? offer.replyBy.toISOString().slice(0, 10) : defaultReplyBy(now, timeZone),
        ...(offer.startTerm ? { startTerm: offer.startTerm } : {}),
      };
    }
  }
  if (
    transition.requires.includes("conditionsOutstanding") ||
    transition.requires.includes("conditionsMet")
  ) {
    data.conditions = conditions;
  }
  const takesReason =
    transition.requires.includes("reason") || transition.requires.includes("optionalReason");
  return {
    reason: takesReason ? (input.reason ?? null) : null,
    data: Object.keys(data).length ? data : null,
  };
}

/**
 * The application's reply-by day after the move: the new offer's, none once the application
 * leaves the offer (answered, withdrawn, declined by default), unchanged otherwise.
 */
function replyByAfter(transition: Transition, recorded: Recorded): { replyBy?: Date | null } {
  const offer = offerOf(recorded.data);
  if (offer) return { replyBy: dateOf(offer.replyBy) };
  return transition.to === "approved" ? {} : { replyBy: null };
}

/**
 * The transition that takes the application from `from` to `to` for this actor: among those the
 * table allows, the one whose condition guard holds (accepting an offer with conditions waits for
 * them; one without confirms the place).
 */
function chooseTransition(
  from: ApplicationStatus,
  to: ApplicationStatus,
  actor: WorkflowActor,
  conditions: string[],
): Transition | null {
  return transitionsFrom(from, actor).find((t) => t.to === to && guardHolds(t, conditions)) ?? null;
}

/**
 * Moves one application to `input.status`. Staff may not move their own application (403); a move
 * the table does not allow is a 409 naming the allowed ones; `input.from`, the status the person
 * saw, that is no longer the application's is a 409 too (someone else moved it).
 */
export async function moveApplication(
  mover: Mover,
  applicationId: number,
  input: MoveInput,
  now = new Date(),
  /** More writes of the same transaction, once the move is stored (withdrawing keeps a draft). */
  also?: (tx: Prisma.TransactionClient, application: MovedApplication) => Promise<void>,
): Promise<{
  id: number;
  status: ApplicationStatus;
  previousStatus: ApplicationStatus;
  transition: TransitionName;
}> {
  const actor = workflowActorOf(mover);
  await readyToQueueMail();
  return prisma.$transaction(async (tx) => {
    const current = await tx.application.findUnique({
      where: { id: applicationId },
      select: {
        status: true,
        userId: true,
        programId: true,
        personalStatement: true,
        academicHistory: true,
        user: { select: { id: true, email: true, fullName: true, emailVerifiedAt: true } },
        program: {
          select: { name: true, degree: true, timeZone: true, university: { select: { name: true } } },
        },
        events: {
          where: { transition: { in: ["make-offer", "confirm-conditions"] } },
          orderBy: { id: "desc" },
          select: { transition: true, data: true },
        },
      },
    });
    // A student sees only their own applications: another's is as absent as an unknown one.
    if (!current || (actor === "student" && mover !== "system" && current.userId !== mover.id)) {
      throw notFound("Application not found");
    }
    if (
      mover !== "system" &&
      actor !== "student" &&
      !canReviewApplication(mover, { student: current.user })
    ) {
      throw forbidden(OWN_APPLICATION_REVIEW);
    }
    const from = toStatus(current.status);
    // Checked before the move: a dialog opened before a colleague's change would otherwise be told
    // that the application cannot move from where it is now to where the colleague already put it.
    if (input.from !== undefined && input.from !== from) throw staleWrite(APPLICATION_CHANGED);
    const conditions = outstandingConditions(current.events);
    const transition = chooseTransition(from, input.status, actor, conditions);
    if (!transition) throw conflict(transitionRefusal(from, input.status, actor));
    const recorded = record(transition, input, conditions, now, current.program.timeZone);

    const { count } = await tx.application.updateMany({
      where: { id: applicationId, status: current.status },
      data: { status: toDbStatus(transition.to), ...replyByAfter(transition, recorded) },
    });
    if (count === 0) throw staleWrite(APPLICATION_CHANGED);

    const actorName =
      mover === "system"
        ? null
        : (await tx.user.findUniqueOrThrow({ where: { id: mover.id }, select: { fullName: true } })).fullName;
    await tx.applicationEvent.create({
      data: {
        applicationId,
        actorId: mover === "system" ? null : mover.id,
        actorName,
        fromStatus: current.status,
        toStatus: toDbStatus(transition.to),
        transition: transition.name,
        note: input.note ?? null,
        reason: recorded.reason,
        data: recorded.data ?? Prisma.DbNull,
        createdAt: now,
      },
    });
    if (mover !== "system" && actor !== "student") {
      await recordAudit(
        tx,
        { id: mover.id, fullName: actorName! },
        {
          action: "application.status",
          entityType: "application",
          entityId: applicationId,
          summary: `${current.user.fullName}: ${current.program.name} at ${current.program.university.name}`,
          before: { status: from },
          after: { status: transition.to, transition: transition.name, note: input.note ?? null },
        },
      );
    }
    await also?.(tx, current);
    if (transition.triggers.includes("mailStudent")) {
      await queueMail(tx, current, transitionMail(transition, input.note ?? null, recorded));
    }
    return { id: applicationId, status: transition.to, previousStatus: from, transition: transition.name };
  });
}

/** What a transition's e-mail adds to the status's meaning. */
const MAIL_NEXT_STEPS: Partial<Record<TransitionName, string>> = {
  withdraw: "Your answers are kept as a draft, if you apply again before the deadline.",
  "decline-by-default": "Its reply-by date passed without a reply from you, so it was declined for you.",
};

/** The student's e-mail about a transition: the new status, what it means, and what was said. */
function transitionMail(transition: Transition, note: string | null, recorded: Recorded) {
  const offer = (recorded.data?.offer ?? null) as { replyBy?: string; conditions?: string[] } | null;
  return applicationStatus({
    status: transition.to,
    nextStep: MAIL_NEXT_STEPS[transition.name],
    conditions: offer?.conditions,
    replyBy: offer?.replyBy,
    reason: recorded.reason,
    note,
  });
}
