import "server-only";
import { recordAudit } from "@/lib/audit/record.server";
import { canReviewApplication, OWN_APPLICATION_REVIEW } from "@/lib/auth/policy";
import { permissionRefusal } from "@/lib/auth/staff-permissions";
import type { Viewer } from "@/lib/auth/viewer";
import { prisma } from "@/lib/db/client.server";
import { Prisma } from "@/lib/generated/prisma/client";
import { badRequest, conflict, forbidden, notFound, staleWrite } from "@/lib/http/errors";
import type { TransitionInput } from "@/lib/validation/application";
import { changedSinceOpened } from "@/lib/validation/common";
import { applicationStatus } from "@/lib/mail/templates/application-status.server";
import { dateOf } from "./dates";
import { teamNotice } from "@/lib/mail/templates/team-notice.server";
import { noticeOfTransition } from "@/lib/notifications/kinds";
import { tellStaff } from "@/lib/notifications/tell.server";
import { queueMail, readyToQueueMail, type MailSubject } from "./mail.server";
import { toConditionStatus, type OfferCondition } from "./conditions";
import { detailsOf } from "./history";
import { defaultReplyBy, offerOf } from "./offer";
import { closesRequests, requestSubject, type ClosedRequest } from "./requests";
import { toDbStatus, toStatus, type ApplicationStatus } from "./status";
import {
  conditionsRefusal,
  guardHolds,
  holdsPermissionFor,
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
// entry for staff, and the e-mail to the student: all of them or none. A move that closes the
// application closes its requests still open or answered in the same transaction.

export const APPLICATION_CHANGED = changedSinceOpened("application");

/** A move: the status to go to, and what the transition asks for. */
export type MoveInput = Pick<TransitionInput, "status"> & Partial<TransitionInput>;

/** What a move's further writes read of the application (and who and what its e-mails name). */
export interface MovedApplication extends MailSubject {
  programId: number;
  personalStatement: string;
  academicHistory: Prisma.JsonValue;
}

/** A person making a transition (with their permissions: the decisions need one), or the scheduled jobs. */
export type Mover = Pick<Viewer, "id" | "role" | "adminType" | "permissions"> | "system";

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

/** The offer's conditions as the guards read them. */
type Conditions = readonly Pick<OfferCondition, "text" | "status">[];

/**
 * The conditions a transition that reads them records: all of them when it needs them met, those
 * not met when it needs one so, those still to meet otherwise.
 */
function conditionsRead(transition: Transition, conditions: Conditions): string[] | null {
  const { requires } = transition;
  if (requires.includes("conditionsMet")) return conditions.map((c) => c.text);
  if (requires.includes("conditionNotMet"))
    return conditions.filter((c) => c.status === "not-met").map((c) => c.text);
  if (requires.includes("conditionsOutstanding"))
    return conditions.filter((c) => c.status !== "met").map((c) => c.text);
  return null;
}

/** Checks what the transition needs and gathers what it records; a 400 naming the missing field. */
function record(
  transition: Transition,
  input: MoveInput,
  conditions: Conditions,
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
  const read = conditionsRead(transition, conditions);
  if (read) data.conditions = read;
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
 * The transition that takes the application from `from` to `to` for this mover: among those the
 * table allows, the one whose condition guard holds (accepting an offer with conditions waits for
 * them; one without confirms the place). A 409 naming the allowed moves when the table has none;
 * a 403 saying what to ask for when the move is a decision the team admin may not make (before the
 * conditions: whatever they say, it is not this person's move); a 409 saying what to do first when
 * the offer's conditions stop it.
 */
function chooseTransition(
  from: ApplicationStatus,
  to: ApplicationStatus,
  mover: Mover,
  conditions: Conditions,
): Transition {
  const actor = workflowActorOf(mover);
  const candidates = transitionsFrom(from, actor).filter((t) => t.to === to);
  if (candidates.length === 0) throw conflict(transitionRefusal(from, to, actor));
  const permitted = mover === "system" ? candidates : candidates.filter((t) => holdsPermissionFor(t, mover));
  if (permitted.length === 0) throw forbidden(permissionRefusal(candidates[0].permission!));
  const chosen = permitted.find((t) => guardHolds(t, conditions));
  if (!chosen) throw conflict(conditionsRefusal(permitted[0], conditions)!);
  return chosen;
}

/** The rows of an offer's conditions, in its order, as `record` stored them. */
async function writeConditions(
  tx: Prisma.TransactionClient,
  applicationId: number,
  recorded: Recorded,
): Promise<void> {
  const offer = offerOf(recorded.data);
  if (!offer) return;
  await tx.offerCondition.deleteMany({ where: { applicationId } });
  await tx.offerCondition.createMany({
    data: offer.conditions.map((text, position) => ({ applicationId, position, text })),
  });
}

/**
 * Closes the application's requests still open or answered when the move to `to` closes the
 * application (closesRequests): nobody can answer them any more, and the team's queue stops
 * counting them. Each closes at the move's time, by whoever made the move (nobody for the scheduled
 * jobs), with the status reached, so that both sides read why. Every step of a request takes the
 * application's lock, as the move does: an answer that committed first is closed here as answered,
 * one that waited is then refused (the application is closed). What it closed, for the event.
 */
async function closeRequestsWith(
  tx: Prisma.TransactionClient,
  applicationId: number,
  to: ApplicationStatus,
  closer: { id: number; fullName: string } | null,
  now: Date,
): Promise<ClosedRequest[]> {
  if (!closesRequests(to)) return [];
  const pending = { applicationId, status: { in: ["open" as const, "answered" as const] } };
  const closing = await tx.documentRequest.findMany({
    where: pending,
    orderBy: { id: "asc" },
    select: { id: true, documentType: true, status: true },
  });
  if (closing.length === 0) return [];
  await tx.documentRequest.updateMany({
    where: { ...pending, id: { in: closing.map((request) => request.id) } },
    data: {
      status: "closed",
      closedAt: now,
      closedById: closer?.id ?? null,
      closedByName: closer?.fullName ?? null,
      closedWith: toDbStatus(to),
    },
  });
  return closing.map(({ id, documentType, status }) => ({
    id,
    documentType,
    status: status === "answered" ? "answered" : "open",
  }));
}

/**
 * Takes the application's row for the rest of the transaction, before anything of it is read: a
 * move and a change of the offer's conditions (lib/applications/conditions.server.ts) then run one
 * after the other, so a place is never confirmed on conditions read just before one was marked
 * not met. An unknown id locks nothing (the read that follows answers 404).
 */
export async function lockApplication(tx: Prisma.TransactionClient, applicationId: number): Promise<void> {
  await tx.$queryRaw`SELECT "id" FROM "applications" WHERE "id" = ${applicationId} FOR UPDATE`;
}

/**
 * Moves one application to `input.status`. Staff may not move their own application (403), nor make
 * a decision without the permission to (403); a move the table does not allow is a 409 naming the
 * allowed ones; `input.from`, the status the person
 * saw, that is no longer the application's is a 409 too (someone else moved it).
 */
export async function moveApplication(
  mover: Mover,
  applicationId: number,
  input: MoveInput,
  now = new Date(),
  /** More writes of the same transaction, once the move is stored (withdrawing keeps a draft). */
  also?: (tx: Prisma.TransactionClient, application: MovedApplication) => Promise<void>,
): Promise<Moved> {
  await readyToQueueMail();
  return prisma.$transaction((tx) => moveWithin(tx, mover, applicationId, input, now, also));
}

/** Where a move took the application, and by which transition. */
export interface Moved {
  id: number;
  status: ApplicationStatus;
  previousStatus: ApplicationStatus;
  transition: TransitionName;
}

/**
 * moveApplication's work inside a transaction the caller holds, for a change that moves more than
 * one application at once (accepting an offer declines the place it replaces). The caller awaits
 * readyToQueueMail() before opening the transaction.
 */
export async function moveWithin(
  tx: Prisma.TransactionClient,
  mover: Mover,
  applicationId: number,
  input: MoveInput,
  now: Date,
  also?: (tx: Prisma.TransactionClient, application: MovedApplication) => Promise<void>,
): Promise<Moved> {
  const actor = workflowActorOf(mover);
  await lockApplication(tx, applicationId);
  const current = await tx.application.findUnique({
    where: { id: applicationId },
    select: {
      status: true,
      userId: true,
      programId: true,
      replyBy: true,
      decideBy: true,
      personalStatement: true,
      academicHistory: true,
      user: { select: { id: true, email: true, fullName: true, emailVerifiedAt: true } },
      program: {
        select: { name: true, degree: true, timeZone: true, university: { select: { name: true } } },
      },
      conditions: { orderBy: { position: "asc" }, select: { text: true, status: true } },
    },
  });
  // A student sees only their own applications: another's is as absent as an unknown one.
  if (!current || (actor === "student" && mover !== "system" && current.userId !== mover.id)) {
    throw notFound("Application not found");
  }
  if (mover !== "system" && actor !== "student" && !canReviewApplication(mover, { student: current.user })) {
    throw forbidden(OWN_APPLICATION_REVIEW);
  }
  const from = toStatus(current.status);
  // Checked before the move: a dialog opened before a colleague's change would otherwise be told
  // that the application cannot move from where it is now to where the colleague already put it.
  if (input.from !== undefined && input.from !== from) throw staleWrite(APPLICATION_CHANGED);
  const conditions = current.conditions.map((c) => ({ text: c.text, status: toConditionStatus(c.status) }));
  const transition = chooseTransition(from, input.status, mover, conditions);
  const recorded = record(transition, input, conditions, now, current.program.timeZone);

  const { count } = await tx.application.updateMany({
    where: { id: applicationId, status: current.status },
    data: { status: toDbStatus(transition.to), ...replyByAfter(transition, recorded) },
  });
  if (count === 0) throw staleWrite(APPLICATION_CHANGED);
  await writeConditions(tx, applicationId, recorded);

  const actorName =
    mover === "system"
      ? null
      : (await tx.user.findUniqueOrThrow({ where: { id: mover.id }, select: { fullName: true } })).fullName;
  const closedRequests = await closeRequestsWith(
    tx,
    applicationId,
    transition.to,
    mover === "system" ? null : { id: mover.id, fullName: actorName! },
    now,
  );
  // The history says which requests the move closed, in the move's own event.
  const eventData = closedRequests.length
    ? { ...recorded.data, closedRequests: closedRequests.map((request) => ({ ...request })) }
    : recorded.data;
  const event = await tx.applicationEvent.create({
    data: {
      applicationId,
      actorId: mover === "system" ? null : mover.id,
      actorName,
      fromStatus: current.status,
      toStatus: toDbStatus(transition.to),
      transition: transition.name,
      note: input.note ?? null,
      reason: recorded.reason,
      data: eventData ?? Prisma.DbNull,
      createdAt: now,
    },
    select: { id: true },
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
        after: {
          status: transition.to,
          transition: transition.name,
          note: input.note ?? null,
          ...(closedRequests.length ? { closedRequests: closedRequests.map(requestSubject) } : {}),
        },
      },
    );
  }
  await also?.(tx, current);
  if (transition.triggers.includes("mailStudent")) {
    await queueMail(tx, current, transitionMail(transition, input.note ?? null, recorded));
  }
  if (transition.triggers.includes("mailTeam")) {
    await tellStaff(tx, {
      kind: noticeOfTransition(transition.name),
      applicationId,
      eventId: event.id,
      message: teamNotice({
        transition,
        studentName: current.user.fullName,
        reason: recorded.reason,
        replyBy: current.replyBy,
        decideBy: current.decideBy,
      }),
    });
  }
  return { id: applicationId, status: transition.to, previousStatus: from, transition: transition.name };
}

/** What a transition's e-mail adds to what happened. */
const MAIL_NEXT_STEPS: Partial<Record<TransitionName, string>> = {
  withdraw: "Your answers are kept as a draft, if you apply again before the deadline.",
  reject:
    "You may apply to this program again, from a copy of this application, while it takes applications.",
};

/**
 * The student's e-mail about a transition: what happened (the transition's words for the student
 * where it has them, else the new status's meaning), what it recorded, and what was said.
 */
function transitionMail(transition: Transition, note: string | null, recorded: Recorded) {
  const offer = (recorded.data?.offer ?? null) as { replyBy?: string; conditions?: string[] } | null;
  const reasons = detailsOf({ transition: transition.name, data: recorded.data }).reasons;
  return applicationStatus({
    status: transition.to,
    meaning: transition.forStudent,
    nextStep: MAIL_NEXT_STEPS[transition.name],
    conditions: offer?.conditions,
    replyBy: offer?.replyBy,
    reasons: reasons.map((r) => `${r.label}: ${r.detail}`),
    reason: recorded.reason,
    note,
    noteTitle: transition.name === "reject" ? "What you could do next:" : undefined,
  });
}
