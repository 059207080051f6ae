import "server-only";
import { recordAudit } from "@/lib/audit/record.server";
import { canReviewApplication, OWN_APPLICATION_REVIEW } from "@/lib/auth/policy";
import type { Viewer } from "@/lib/auth/viewer";
import { prisma } from "@/lib/db/client.server";
import { refuseOverTotal, storeUpload } from "@/lib/documents/commands.server";
import { DOCUMENT_SELECT } from "@/lib/documents/view";
import type { Prisma } from "@/lib/generated/prisma/client";
import { badRequest, conflict, forbidden, notFound } from "@/lib/http/errors";
import { documentRequest } from "@/lib/mail/templates/document-request.server";
import { requestAnsweredNotice } from "@/lib/mail/templates/team-notice.server";
import { tellStaff } from "@/lib/notifications/tell.server";
import {
  ANSWER_REQUIRED,
  type DocumentRequestInput,
  type RequestAnswerInput,
} from "@/lib/validation/application";
import { MAIL_SUBJECT_SELECT, queueMail, readyToQueueMail } from "./mail.server";
import { requestSelect, toRequest } from "./request-view";
import {
  acceptsRequests,
  noRequestsMessage,
  REQUEST_EVENTS,
  requestSubject,
  type DocumentRequest,
  type RequestStep,
} from "./requests";
import { toStatus } from "./status";
import { lockApplication } from "./transition.server";

// The team's requests for a document or a correction (lib/applications/requests.ts has the rules
// and words). Staff ask on the application's page and the student is e-mailed; the student uploads
// a new version of the document (the submitted one is never touched) and answers, and the staff
// who handle the application are told (lib/notifications); staff close the request, or the move
// that closes the application does (moveWithin, lib/applications/transition.server.ts). Each step
// writes its event of the application's history (no status change, as a condition's mark), and
// staff's steps an audit entry, in one transaction holding the application's row
// (lockApplication), so steps of one application never interleave.

export const REQUEST_NOT_FOUND = "Request not found";
export const APPLICATION_NOT_FOUND = "Application not found";
export const UNKNOWN_DOCUMENT_TYPE = "Choose one of the document types, or Something else.";
export const NOT_OPEN = "This request was already answered or closed: there is nothing more to send.";
export const NOT_A_DOCUMENT_REQUEST =
  "This request asks for a correction, not a document: answer it with a message.";
export const UPLOAD_FIRST = "Upload the document asked for first, then answer the request.";
export const STILL_CHECKING =
  "The document you uploaded is still being checked for viruses. Answer once it shows as uploaded.";

/** The requests of each of these applications, oldest first (none: no entry). */
export async function listRequests(applicationIds: number[]): Promise<Map<number, DocumentRequest[]>> {
  const requests = new Map<number, DocumentRequest[]>();
  if (applicationIds.length === 0) return requests;
  const rows = await prisma.documentRequest.findMany({
    where: { applicationId: { in: applicationIds } },
    orderBy: [{ applicationId: "asc" }, { createdAt: "asc" }, { id: "asc" }],
    select: { applicationId: true, ...requestSelect },
  });
  for (const { applicationId, ...row } of rows) {
    const list = requests.get(applicationId) ?? [];
    list.push(toRequest(row));
    requests.set(applicationId, list);
  }
  return requests;
}

type Tx = Prisma.TransactionClient;

/** The application, locked, with what the steps check and the e-mail names; 404 when unknown. */
async function lockedApplication(tx: Tx, applicationId: number) {
  await lockApplication(tx, applicationId);
  const application = await tx.application.findUnique({
    where: { id: applicationId },
    select: { id: true, status: true, userId: true, programId: true, ...MAIL_SUBJECT_SELECT },
  });
  if (!application) throw notFound(APPLICATION_NOT_FOUND);
  return application;
}

type LockedApplication = Awaited<ReturnType<typeof lockedApplication>>;

/** One request of the application; 404 for an unknown id or another application's. */
async function requestOf(tx: Tx, applicationId: number, requestId: number) {
  const request = await tx.documentRequest.findFirst({
    where: { id: requestId, applicationId },
    select: requestSelect,
  });
  if (!request) throw notFound(REQUEST_NOT_FOUND);
  return request;
}

/** The student's own application: anyone else's is the 404 of a missing one. */
function ownedBy(viewer: Pick<Viewer, "id">, application: LockedApplication): void {
  if (application.userId !== viewer.id) throw notFound(APPLICATION_NOT_FOUND);
}

/** Staff other than the student who applied (403 for that student, on staff's own application). */
function reviewedBy(viewer: Pick<Viewer, "id" | "role">, application: LockedApplication): void {
  if (!canReviewApplication(viewer, { student: { id: application.userId } }))
    throw forbidden(OWN_APPLICATION_REVIEW);
}

/** 409 unless the application is open (a closed one takes no request and no answer). */
function stillOpen(application: LockedApplication): void {
  const status = toStatus(application.status);
  if (!acceptsRequests(status)) throw conflict(noRequestsMessage(status));
}

/** The step's event: no status change, the request (and what the step adds) in its data; its id. */
async function recordStep(
  tx: Tx,
  actor: Pick<Viewer, "id" | "fullName">,
  application: LockedApplication,
  step: RequestStep,
  data: Prisma.InputJsonObject,
  now: Date,
): Promise<number> {
  const event = await tx.applicationEvent.create({
    data: {
      applicationId: application.id,
      actorId: actor.id,
      actorName: actor.fullName,
      fromStatus: application.status,
      toStatus: application.status,
      transition: REQUEST_EVENTS[step],
      data,
      createdAt: now,
    },
    select: { id: true },
  });
  return event.id;
}

/** "Robin Moreau: Marine Biology at Riverside University", the audit entry's summary. */
function summaryOf(application: LockedApplication): string {
  return `${application.user.fullName}: ${application.program.name} at ${application.program.university.name}`;
}

/**
 * Staff ask the student for a document of a type, or for a correction (no type), with a message;
 * the student is e-mailed in the same transaction. 404 for an unknown application; 403 on the
 * admin's own application; 409 once the application is closed; 400 for an unknown type.
 */
export async function createRequest(
  viewer: Pick<Viewer, "id" | "role" | "fullName">,
  applicationId: number,
  input: DocumentRequestInput,
  now = new Date(),
): Promise<DocumentRequest> {
  await readyToQueueMail();
  return prisma.$transaction(async (tx) => {
    const application = await lockedApplication(tx, applicationId);
    reviewedBy(viewer, application);
    stillOpen(application);
    // A type deleted after this read cannot be: its name is a foreign key (RESTRICT), so the
    // delete waits for this transaction and is then refused as in use.
    const type = input.documentType
      ? await tx.documentType.findUnique({ where: { name: input.documentType }, select: { name: true } })
      : null;
    if (input.documentType && !type)
      throw badRequest(UNKNOWN_DOCUMENT_TYPE, { documentType: [UNKNOWN_DOCUMENT_TYPE] });

    const row = await tx.documentRequest.create({
      data: {
        applicationId,
        documentType: type?.name ?? null,
        message: input.message,
        requestedById: viewer.id,
        requestedByName: viewer.fullName,
        createdAt: now,
      },
      select: requestSelect,
    });
    await recordStep(
      tx,
      viewer,
      application,
      "requested",
      { request: { id: row.id, documentType: row.documentType, message: row.message } },
      now,
    );
    await recordAudit(tx, viewer, {
      action: "application.request",
      entityType: "application",
      entityId: applicationId,
      summary: summaryOf(application),
      after: { request: requestSubject(row), message: row.message },
    });
    await queueMail(
      tx,
      application,
      documentRequest({ documentType: row.documentType, message: row.message }),
    );
    return toRequest(row);
  });
}

/** Bytes of every document of a submitted application, every version. */
async function applicationBytes(db: Tx | typeof prisma, applicationId: number): Promise<number> {
  const sum = await db.applicationDocument.aggregate({ where: { applicationId }, _sum: { size: true } });
  return sum._sum.size ?? 0;
}

/** What a student's step on a request checks: their open application and the request, open. */
async function studentStep(tx: Tx, viewer: Pick<Viewer, "id">, applicationId: number, requestId: number) {
  const application = await lockedApplication(tx, applicationId);
  ownedBy(viewer, application);
  const request = await requestOf(tx, applicationId, requestId);
  stillOpen(application);
  if (request.status !== "open") throw conflict(NOT_OPEN);
  return { application, request };
}

/**
 * The student uploads the document an open request asks for: a new version, added beside the
 * application's documents (which stay as they are), with the checks and limits of any upload
 * (storeUpload), the application's total counting every version. 404 unless it is the student's
 * own application and request; 409 for a request answered, closed or asking for a correction, or
 * a closed application.
 */
export async function uploadRequestedDocument(
  viewer: Viewer,
  applicationId: number,
  requestId: number,
  name: string | undefined,
  body: ReadableStream<Uint8Array> | null,
  declaredLength: number | null,
) {
  // Checked before the body is read, so a refused upload is not received first; again under the lock.
  const { request, others } = await prisma.$transaction(async (tx) => {
    const { request } = await studentStep(tx, viewer, applicationId, requestId);
    if (!request.documentType) throw conflict(NOT_A_DOCUMENT_REQUEST);
    return { request, others: await applicationBytes(tx, applicationId) };
  });
  const type = await prisma.documentType.findUniqueOrThrow({
    where: { name: request.documentType! },
    select: { name: true, fileTypes: true, maxBytes: true },
  });
  return storeUpload({ type, others, name, body, declaredLength }, (file) =>
    prisma.$transaction(async (tx) => {
      const { application } = await studentStep(tx, viewer, applicationId, requestId);
      refuseOverTotal(await applicationBytes(tx, applicationId), file.size);
      const row = await tx.applicationDocument.create({
        data: {
          ...file,
          userId: application.userId,
          programId: application.programId,
          applicationId,
          requestId,
          documentType: type.name,
        },
        select: DOCUMENT_SELECT,
      });
      await recordStep(
        tx,
        viewer,
        application,
        "uploaded",
        { request: { id: requestId, documentType: type.name }, document: { id: row.id, name: row.name } },
        new Date(),
      );
      return { row, replaced: [] };
    }),
  );
}

/**
 * The student answers an open request: a document request once its document is uploaded (and
 * has passed its check), with an optional message; a correction with a message (400 without).
 * The request is then answered, waiting for the team. 404 and 409 as for uploading.
 */
export async function answerRequest(
  viewer: Pick<Viewer, "id" | "fullName">,
  applicationId: number,
  requestId: number,
  input: RequestAnswerInput,
  now = new Date(),
): Promise<DocumentRequest> {
  await readyToQueueMail();
  return prisma.$transaction(async (tx) => {
    const { application, request } = await studentStep(tx, viewer, applicationId, requestId);
    if (request.documentType) {
      if (request.documents.length === 0) throw badRequest(UPLOAD_FIRST, { file: [UPLOAD_FIRST] });
      if (!request.documents.some((document) => document.status === "clean"))
        throw badRequest(STILL_CHECKING, { file: [STILL_CHECKING] });
    } else if (!input.answer) {
      throw badRequest(ANSWER_REQUIRED, { answer: [ANSWER_REQUIRED] });
    }
    const row = await tx.documentRequest.update({
      where: { id: requestId },
      data: { status: "answered", answer: input.answer, answeredAt: now },
      select: requestSelect,
    });
    const eventId = await recordStep(
      tx,
      viewer,
      application,
      "answered",
      { request: { id: requestId, documentType: row.documentType }, answer: input.answer },
      now,
    );
    // The staff who handle the application, told in the same transaction.
    await tellStaff(tx, {
      kind: "requestAnswered",
      applicationId,
      eventId,
      message: requestAnsweredNotice({
        studentName: application.user.fullName,
        documentType: row.documentType,
        answer: input.answer,
      }),
    });
    return toRequest(row);
  });
}

/**
 * Staff close a request, answered or not (an open one the team no longer needs), whatever the
 * application's status: closing asks nothing of the student. 404 and 403 as for asking; closing a
 * closed request changes nothing.
 */
export async function closeRequest(
  viewer: Pick<Viewer, "id" | "role" | "fullName">,
  applicationId: number,
  requestId: number,
  now = new Date(),
): Promise<DocumentRequest> {
  return prisma.$transaction(async (tx) => {
    const application = await lockedApplication(tx, applicationId);
    const request = await requestOf(tx, applicationId, requestId);
    reviewedBy(viewer, application);
    if (request.status === "closed") return toRequest(request);
    const row = await tx.documentRequest.update({
      where: { id: requestId },
      data: { status: "closed", closedAt: now, closedById: viewer.id, closedByName: viewer.fullName },
      select: requestSelect,
    });
    await recordStep(
      tx,
      viewer,
      application,
      "closed",
      { request: { id: requestId, documentType: row.documentType } },
      now,
    );
    await recordAudit(tx, viewer, {
      action: "application.closeRequest",
      entityType: "application",
      entityId: applicationId,
      summary: summaryOf(application),
      before: { request: requestSubject(request), status: request.status },
      after: { request: requestSubject(row), status: row.status },
    });
    return toRequest(row);
  });
}
