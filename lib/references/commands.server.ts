import "server-only";
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Viewer } from "@/lib/auth/viewer";
import { mailDb, MAIL_SUBJECT_SELECT, queueMail, readyToQueueMail } from "@/lib/applications/mail.server";
import { toStatus } from "@/lib/applications/status";
import { lockApplication } from "@/lib/applications/transition.server";
import { isOpen } from "@/lib/applications/workflow";
import { prisma } from "@/lib/db/client.server";
import { checkDocument } from "@/lib/documents/check.server";
import { settleScan } from "@/lib/documents/commands.server";
import { DOCUMENT_SELECT, type DocumentView } from "@/lib/documents/view";
import {
  FILE_TYPE_EXTENSIONS,
  fileTooLargeMessage,
  MAX_DOCUMENT_BYTES,
  safeDocumentName,
} from "@/lib/documents/limits";
import { discard, receiveFile } from "@/lib/documents/receive.server";
import { scanCommand } from "@/lib/documents/scan.server";
import type { Prisma } from "@/lib/generated/prisma/client";
import { afterResponse } from "@/lib/http/after-response.server";
import { conflict, gone, HttpError, notFound } from "@/lib/http/errors";
import { sendMail } from "@/lib/mail/send.server";
import { referenceAnswered } from "@/lib/mail/templates/reference-answered.server";
import { referenceRequestMail } from "@/lib/mail/templates/reference-request.server";
import { platformNameIn } from "@/lib/settings/queries.server";
import { getDocumentStorage } from "@/lib/storage/private.server";
import type { RefereeInput } from "@/lib/validation/references";
import { REFERENCE_EVENT, referenceEventData, type ReferenceStep } from "./events";
import {
  APPLICATION_NOT_FOUND,
  hashToken,
  REFERENCE_SELECT,
  toReferenceView,
  type ReferenceView,
} from "./queries.server";
import { isActive, linkExpiresAt, reminderRefusal, replaceRefusal } from "./rules";

// The writes of references. The student names referees for a submitted application (at most the
// program's number that are not replaced), reminds one once, or replaces one; the referee answers
// through the link e-mailed to them: a written reference, an uploaded PDF, or a refusal with a
// reason. Every step writes the reference, an event of the application's history (no status
// change) and its e-mail in one transaction, holding the application's row as a move does, so
// that two steps at once are counted one after the other.
//
// The link's token is 32 random bytes (256 bits): guessing one is hopeless however many requests
// are made, so the link needs no throttle of its own. Only its SHA-256 is stored (as reset
// tokens are), the token itself is only in the e-mail, and it works once, until it expires.

export const REFERENCE_NOT_FOUND = "Reference not found";
export const LINK_NOT_VALID =
  "This link is not valid. Open the link from the e-mail again, or ask the student to send a new request.";
export const LINK_USED = "This link has already been used: the student has your answer.";
export const LINK_EXPIRED =
  "This link has expired. Ask the student to send you a new request from their applications page.";
export const LINK_REPLACED =
  "The student has asked someone else for this reference, so the link no longer works.";
export const LINK_CLOSED =
  "The student's application is closed, so a reference is no longer needed. Thank you all the same.";
export const APPLICATION_CLOSED_FOR_REFERENCES =
  "This application is closed, so its references can no longer be changed.";
export const NO_REFERENCES_ASKED = "This program does not ask for references.";
export const UPLOAD_UNAVAILABLE =
  "Uploading a reference is not available at the moment. Write it in the form instead.";
/** The most referees an application may have had, replaced ones included: e-mail to strangers is bounded. */
export const REPLACEMENTS_MAX = 5;

/** A new link token and what the table keeps of it. */
function newToken(now: Date) {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashToken(token), tokenExpiresAt: linkExpiresAt(now) };
}

const APPLICATION_SELECT = {
  userId: true,
  status: true,
  ...MAIL_SUBJECT_SELECT,
  program: { select: { ...MAIL_SUBJECT_SELECT.program.select, referencesRequired: true } },
} as const satisfies Prisma.ApplicationSelect;

/**
 * The student's own open application, its row held for the rest of the transaction: 404 for
 * another's (as for a missing one), 409 once it is closed or when the program asks for no
 * references.
 */
async function ownOpenApplication(
  tx: Prisma.TransactionClient,
  viewer: Pick<Viewer, "id">,
  applicationId: number,
) {
  await lockApplication(tx, applicationId);
  const application = await tx.application.findUnique({
    where: { id: applicationId },
    select: APPLICATION_SELECT,
  });
  if (!application || application.userId !== viewer.id) throw notFound(APPLICATION_NOT_FOUND);
  if (!isOpen(toStatus(application.status))) throw conflict(APPLICATION_CLOSED_FOR_REFERENCES);
  if (application.program.referencesRequired === 0) throw conflict(NO_REFERENCES_ASKED);
  return application;
}

type OwnApplication = Awaited<ReturnType<typeof ownOpenApplication>>;

async function recordStep(
  tx: Prisma.TransactionClient,
  application: { status: OwnApplication["status"] },
  applicationId: number,
  step: ReferenceStep,
  reference: { id: number; refereeName: string },
  actor: { id: number | null; name: string | null },
  now: Date,
) {
  await tx.applicationEvent.create({
    data: {
      applicationId,
      actorId: actor.id,
      actorName: actor.name,
      fromStatus: application.status,
      toStatus: application.status,
      transition: REFERENCE_EVENT,
      data: referenceEventData(step, reference.id, reference.refereeName),
      createdAt: now,
    },
  });
}

/** Queues the request (or its reminder) to the referee in `tx`, marked so that a refusal for good bounces it. */
async function queueRequest(
  tx: Prisma.TransactionClient,
  application: OwnApplication,
  reference: { id: number; refereeEmail: string; relationship: string; waived: boolean },
  link: { token: string; tokenExpiresAt: Date },
  reminder: boolean,
) {
  const mail = await referenceRequestMail(
    {
      studentName: application.user.fullName,
      program: application.program,
      relationship: reference.relationship,
      waived: reference.waived,
      token: link.token,
      expiresAt: link.tokenExpiresAt,
      reminder,
    },
    await platformNameIn(tx),
  );
  await sendMail({ to: reference.refereeEmail, ...mail, bouncesReference: reference.id }, { db: mailDb(tx) });
}

/** Writes a new referee's row, its "named" event and its request e-mail. */
async function addReferee(
  tx: Prisma.TransactionClient,
  viewer: Pick<Viewer, "id" | "fullName">,
  applicationId: number,
  application: OwnApplication,
  input: RefereeInput,
  now: Date,
) {
  const rows = await tx.reference.findMany({
    where: { applicationId },
    select: { status: true, refereeEmail: true },
  });
  const active = rows.filter((row) => isActive(row.status));
  if (active.some((row) => row.refereeEmail.toLowerCase() === input.email.toLowerCase()))
    throw conflict("You have already named this referee.", {
      email: ["You have already named this referee."],
    });
  if (rows.length >= application.program.referencesRequired + REPLACEMENTS_MAX)
    throw conflict(
      "You have named as many referees as one application allows. Ask the admissions team for help.",
    );
  const link = newToken(now);
  const reference = await tx.reference.create({
    data: {
      applicationId,
      refereeName: input.name,
      refereeEmail: input.email,
      relationship: input.relationship,
      waived: input.waived,
      tokenHash: link.tokenHash,
      tokenExpiresAt: link.tokenExpiresAt,
      requestedAt: now,
    },
    select: { id: true, refereeName: true, refereeEmail: true, relationship: true, waived: true },
  });
  await recordStep(
    tx,
    application,
    applicationId,
    "named",
    reference,
    { id: viewer.id, name: viewer.fullName },
    now,
  );
  await queueRequest(tx, application, reference, link, false);
  return reference.id;
}

async function viewOf(tx: Prisma.TransactionClient, id: number): Promise<ReferenceView> {
  return toReferenceView(
    await tx.reference.findUniqueOrThrow({ where: { id }, select: REFERENCE_SELECT }),
    "student",
  );
}

/**
 * The student names a referee (POST /api/applications/{id}/references): 409 once the program's
 * number of referees are named (replace one instead), for the same referee twice, and on a closed
 * application. The referee gets the request at once.
 */
export async function nameReferee(
  viewer: Pick<Viewer, "id" | "fullName">,
  applicationId: number,
  input: RefereeInput,
  now = new Date(),
): Promise<ReferenceView> {
  await readyToQueueMail();
  return prisma.$transaction(async (tx) => {
    const application = await ownOpenApplication(tx, viewer, applicationId);
    const required = application.program.referencesRequired;
    const active = await tx.reference.count({ where: { applicationId, status: { not: "replaced" } } });
    if (active >= required) {
      throw conflict(
        `This program asks for ${required} ${required === 1 ? "referee" : "referees"}, and you have named ${active}. Replace one instead.`,
      );
    }
    return viewOf(tx, await addReferee(tx, viewer, applicationId, application, input, now));
  });
}

/** The student's reference of their open application, or 404. */
async function ownReference(tx: Prisma.TransactionClient, applicationId: number, referenceId: number) {
  const reference = await tx.reference.findFirst({
    where: { id: referenceId, applicationId },
    select: {
      id: true,
      status: true,
      requestedAt: true,
      remindedAt: true,
      refereeName: true,
      refereeEmail: true,
      relationship: true,
      waived: true,
    },
  });
  if (!reference) throw notFound(REFERENCE_NOT_FOUND);
  return reference;
}

/**
 * The student's one reminder (POST .../references/{refId}/reminder): 409 before 7 days after the
 * request (saying from when), after the first reminder, or once the referee answered. The stored
 * token is a hash, so the reminder carries a new link, which works 30 days from now; the first
 * e-mail's link stops working.
 */
export async function remindReferee(
  viewer: Pick<Viewer, "id" | "fullName">,
  applicationId: number,
  referenceId: number,
  now = new Date(),
): Promise<ReferenceView> {
  await readyToQueueMail();
  return prisma.$transaction(async (tx) => {
    const application = await ownOpenApplication(tx, viewer, applicationId);
    const reference = await ownReference(tx, applicationId, referenceId);
    const refusal = reminderRefusal(reference, now);
    if (refusal) throw conflict(refusal);
    const link = newToken(now);
    await tx.reference.update({
      where: { id: referenceId },
      data: { remindedAt: now, tokenHash: link.tokenHash, tokenExpiresAt: link.tokenExpiresAt },
    });
    await recordStep(
      tx,
      application,
      applicationId,
      "reminded",
      reference,
      { id: viewer.id, name: viewer.fullName },
      now,
    );
    await queueRequest(tx, application, reference, link, true);
    return viewOf(tx, referenceId);
  });
}

/**
 * The student names another referee in place of one who has not sent a reference (POST
 * .../references/{refId}/replace): the old one is marked replaced (their link stops working) and
 * the new one gets a request. 409 for a reference already received or replaced.
 */
export async function replaceReferee(
  viewer: Pick<Viewer, "id" | "fullName">,
  applicationId: number,
  referenceId: number,
  input: RefereeInput,
  now = new Date(),
): Promise<ReferenceView> {
  await readyToQueueMail();
  return prisma.$transaction(async (tx) => {
    const application = await ownOpenApplication(tx, viewer, applicationId);
    const reference = await ownReference(tx, applicationId, referenceId);
    const refusal = replaceRefusal(reference);
    if (refusal) throw conflict(refusal);
    // Conditional: a referee answering at this very moment wins, and the replacement is refused.
    const { count } = await tx.reference.updateMany({
      where: { id: referenceId, status: reference.status },
      data: { status: "replaced" },
    });
    if (count === 0) throw conflict("This referee has just answered. Reload the page to see their answer.");
    await recordStep(
      tx,
      application,
      applicationId,
      "replaced",
      reference,
      { id: viewer.id, name: viewer.fullName },
      now,
    );
    return viewOf(tx, await addReferee(tx, viewer, applicationId, application, input, now));
  });
}

/** The request a token stands for, if it may be answered now; otherwise the HttpError saying why. */
async function answerableReference(tx: Prisma.TransactionClient, token: string, now: Date) {
  const reference = await tx.reference.findUnique({
    where: { tokenHash: hashToken(token) },
    select: {
      id: true,
      applicationId: true,
      status: true,
      tokenExpiresAt: true,
      refereeName: true,
      application: { select: { status: true, userId: true, programId: true, ...MAIL_SUBJECT_SELECT } },
    },
  });
  if (!reference) throw notFound(LINK_NOT_VALID);
  if (reference.status === "replaced") throw gone(LINK_REPLACED);
  if (reference.status === "received" || reference.status === "declined") throw conflict(LINK_USED);
  if (reference.tokenExpiresAt <= now) throw gone(LINK_EXPIRED);
  if (!isOpen(toStatus(reference.application.status))) throw gone(LINK_CLOSED);
  return reference;
}

type Answer =
  | { kind: "text"; text: string }
  | { kind: "declined"; reason: string }
  | {
      kind: "document";
      /** Writes the document's row, of the application the link is for; gives its id. */
      documentId: (
        tx: Prisma.TransactionClient,
        application: { id: number; userId: number; programId: number },
      ) => Promise<number>;
    };

/**
 * Records a referee's answer: the link is spent by one conditional update (status still awaited,
 * token unchanged and not expired), so a second submit, or two at once, get 409; then the event
 * and the student's e-mail, in the same transaction.
 */
async function answer(token: string, given: Answer, now: Date): Promise<void> {
  await readyToQueueMail();
  await prisma.$transaction(async (tx) => {
    const found = await answerableReference(tx, token, now);
    await lockApplication(tx, found.applicationId);
    const reference = await answerableReference(tx, token, now);
    const declined = given.kind === "declined";
    const { count } = await tx.reference.updateMany({
      where: {
        id: reference.id,
        tokenHash: hashToken(token),
        status: { in: ["requested", "bounced"] },
        tokenExpiresAt: { gt: now },
      },
      data: {
        status: declined ? "declined" : "received",
        answeredAt: now,
        ...(given.kind === "text" && { text: given.text }),
        ...(given.kind === "declined" && { declineReason: given.reason }),
        ...(given.kind === "document" && {
          documentId: await given.documentId(tx, {
            id: reference.applicationId,
            userId: reference.application.userId,
            programId: reference.application.programId,
          }),
        }),
      },
    });
    if (count === 0) throw conflict(LINK_USED);
    const application = await tx.application.findUniqueOrThrow({
      where: { id: reference.applicationId },
      select: { status: true },
    });
    await recordStep(
      tx,
      application,
      reference.applicationId,
      declined ? "declined" : "received",
      reference,
      { id: null, name: reference.refereeName },
      now,
    );
    await queueMail(
      tx,
      reference.application,
      referenceAnswered(
        reference.refereeName,
        declined ? { declined: true, reason: given.reason } : { declined: false },
      ),
    );
  });
}

/** The referee writes the reference in the form. */
export async function writeReference(token: string, text: string, now = new Date()): Promise<void> {
  await answer(token, { kind: "text", text }, now);
}

/** The referee declines, saying why (the student reads it, to ask someone else). */
export async function declineReference(token: string, reason: string, now = new Date()): Promise<void> {
  await answer(token, { kind: "declined", reason }, now);
}

/** The document type an uploaded reference is kept as. */
export const REFERENCE_DOCUMENT_TYPE = "Reference";

const referenceType = () =>
  prisma.documentType.findUnique({
    where: { name: REFERENCE_DOCUMENT_TYPE },
    select: { name: true, maxBytes: true },
  });

/** The largest PDF a referee may upload, or null when uploading is not available (the type was removed). */
export async function referenceUploadLimit(): Promise<number | null> {
  const type = await referenceType();
  return type ? Math.min(type.maxBytes, MAX_DOCUMENT_BYTES) : null;
}

/**
 * The referee uploads the reference as a PDF (PUT /api/references/{token}/document): checked as a
 * student's documents are (streamed to a temporary file, cut off at the Reference type's limit,
 * then its content checked, lib/documents/), stored, and kept as an application document of type
 * Reference that the reference names. The link is looked at before the body is read, and spent
 * in the transaction that writes the row: a file whose answer is refused is removed.
 */
export async function uploadReference(
  token: string,
  name: string | undefined,
  body: ReadableStream<Uint8Array> | null,
  declaredLength: number | null,
  now = new Date(),
): Promise<DocumentView> {
  await prisma.$transaction((tx) => answerableReference(tx, token, now));
  const type = await referenceType();
  if (!type) throw conflict(UPLOAD_UNAVAILABLE);
  const limit = Math.min(type.maxBytes, MAX_DOCUMENT_BYTES);
  const tooLarge = () => {
    const message = fileTooLargeMessage(limit);
    return new HttpError(413, message, { file: [message] });
  };
  if (declaredLength !== null && declaredLength > limit) throw tooLarge();

  const file = await receiveFile(body, limit, tooLarge);
  const storage = getDocumentStorage();
  let key: string | null = null;
  let keepTemporary = false;
  try {
    // A reference is a PDF, whatever else the type may have been set to take.
    const contentType = await checkDocument(
      file,
      ["application/pdf"],
      async () => new Uint8Array(await readFile(file.path)),
    );
    key = `${randomBytes(16).toString("hex")}.${FILE_TYPE_EXTENSIONS[contentType]}`;
    await storage.putFile(key, file.path, contentType, file.size);
    const scan = scanCommand();
    const storedKey = key;
    const saved: { row?: Prisma.ApplicationDocumentGetPayload<{ select: typeof DOCUMENT_SELECT }> } = {};
    await answer(
      token,
      {
        kind: "document",
        documentId: async (tx, application) => {
          const row = await tx.applicationDocument.create({
            data: {
              key: storedKey,
              userId: application.userId,
              programId: application.programId,
              applicationId: application.id,
              documentType: type.name,
              name: safeDocumentName(name ?? ""),
              contentType,
              size: file.size,
              status: scan ? "checking" : "clean",
            },
            select: DOCUMENT_SELECT,
          });
          saved.row = row;
          return row.id;
        },
      },
      now,
    );
    key = null;
    const stored = saved.row!;
    if (scan) {
      keepTemporary = true;
      afterResponse(() => settleScan(stored.id, storedKey, file.path, scan));
    }
    return { ...stored, createdAt: stored.createdAt.toISOString() };
  } finally {
    if (key) await storage.delete(key).catch(() => {});
    if (!keepTemporary) await discard(file.path);
  }
}

/**
 * The mail queue could not deliver a referee's request for good (the address was refused): the
 * reference is marked bounced, and the history says so, so that the student checks the address
 * and names the referee again. A reference answered or replaced meanwhile stays as it is.
 */
export async function markReferenceBounced(referenceId: number, now = new Date()): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    const reference = await tx.reference.findUnique({
      where: { id: referenceId },
      select: { id: true, applicationId: true, refereeName: true },
    });
    if (!reference) return false;
    await lockApplication(tx, reference.applicationId);
    const { count } = await tx.reference.updateMany({
      where: { id: referenceId, status: "requested" },
      data: { status: "bounced" },
    });
    if (count === 0) return false;
    const application = await tx.application.findUniqueOrThrow({
      where: { id: reference.applicationId },
      select: { status: true },
    });
    await recordStep(
      tx,
      application,
      reference.applicationId,
      "bounced",
      reference,
      { id: null, name: null },
      now,
    );
    return true;
  });
}
