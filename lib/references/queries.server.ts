import "server-only";
import { createHash } from "node:crypto";
import type { Viewer } from "@/lib/auth/viewer";
import { canViewApplication } from "@/lib/auth/policy";
import { isOpen } from "@/lib/applications/workflow";
import { toStatus } from "@/lib/applications/status";
import { prisma } from "@/lib/db/client.server";
import type { Prisma } from "@/lib/generated/prisma/client";
import { notFound } from "@/lib/http/errors";
import { isActive, reminderDueAt, type ReferenceStatus } from "./rules";

// What the student, the team and a referee read of references. The student reads each
// reference's state; its words (the text or the uploaded PDF) only when they did not waive
// reading it. The team reads everything. A referee reads the request their link stands for.

export const APPLICATION_NOT_FOUND = "Application not found";

/** SHA-256 of a link's token: what the table keeps, so that a leaked table opens no link. */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** The document a referee uploaded, as a reader is shown it (downloaded at /api/documents/{id}). */
export interface ReferenceDocument {
  id: number;
  name: string;
  size: number;
  status: "checking" | "clean";
}

/** One reference as the student or the team reads it (GET /api/applications/{id}/references). */
export interface ReferenceView {
  id: number;
  refereeName: string;
  refereeEmail: string;
  relationship: string;
  waived: boolean;
  status: ReferenceStatus;
  requestedAt: string;
  remindedAt: string | null;
  answeredAt: string | null;
  /** The written reference; null when none, or when the reader may not read it. */
  text: string | null;
  declineReason: string | null;
  /** The uploaded reference; null when none, or when the reader may not read it. */
  document: ReferenceDocument | null;
  /** Whether the reader may read the reference's words: the team always, the student unless waived. */
  readable: boolean;
  /** The first moment the student may send the one reminder (null once sent or no longer awaited). */
  reminderFrom: string | null;
}

/** The references of an application and what its program asks for. */
export interface ApplicationReferences {
  applicationId: number;
  /** How many referees the program asks for. */
  required: number;
  /** Those the student has not replaced: they count towards `required`. */
  active: number;
  /** Whether the student may still name or replace referees: the application is open. */
  open: boolean;
  references: ReferenceView[];
}

export const REFERENCE_SELECT = {
  id: true,
  refereeName: true,
  refereeEmail: true,
  relationship: true,
  waived: true,
  status: true,
  requestedAt: true,
  remindedAt: true,
  answeredAt: true,
  text: true,
  declineReason: true,
  document: { select: { id: true, name: true, size: true, status: true } },
} as const satisfies Prisma.ReferenceSelect;

type ReferenceRow = Prisma.ReferenceGetPayload<{ select: typeof REFERENCE_SELECT }>;

export function toReferenceView(row: ReferenceRow, reader: "staff" | "student"): ReferenceView {
  const readable = reader === "staff" || !row.waived;
  return {
    id: row.id,
    refereeName: row.refereeName,
    refereeEmail: row.refereeEmail,
    relationship: row.relationship,
    waived: row.waived,
    status: row.status,
    requestedAt: row.requestedAt.toISOString(),
    remindedAt: row.remindedAt?.toISOString() ?? null,
    answeredAt: row.answeredAt?.toISOString() ?? null,
    text: readable ? row.text : null,
    declineReason: row.declineReason,
    document: readable ? row.document : null,
    readable,
    reminderFrom:
      row.status === "requested" && !row.remindedAt ? reminderDueAt(row.requestedAt).toISOString() : null,
  };
}

/**
 * An application's references for whoever may see the application: the team reads them whole;
 * the student reads the words of those they did not waive. 404 for anyone else, as for a
 * missing application. The student who is also staff reads their own as the student.
 */
export async function listReferences(
  viewer: Pick<Viewer, "id" | "role">,
  applicationId: number,
): Promise<ApplicationReferences> {
  const application = await prisma.application.findUnique({
    where: { id: applicationId },
    select: {
      userId: true,
      status: true,
      program: { select: { referencesRequired: true } },
      references: { orderBy: { id: "asc" }, select: REFERENCE_SELECT },
    },
  });
  if (!application || !canViewApplication(viewer, { student: { id: application.userId } }))
    throw notFound(APPLICATION_NOT_FOUND);
  const reader = application.userId === viewer.id ? "student" : "staff";
  return {
    applicationId,
    required: application.program.referencesRequired,
    active: application.references.filter((row) => isActive(row.status)).length,
    open: isOpen(toStatus(application.status)),
    references: application.references.map((row) => toReferenceView(row, reader)),
  };
}

/** What a referee's link leads to. Only `open` may be answered. */
export type ReferenceLink =
  | { state: "invalid" }
  | { state: "used" | "expired" | "replaced" | "closed"; studentName: string }
  | {
      state: "open";
      referenceId: number;
      refereeName: string;
      studentName: string;
      program: { name: string; degree: string; university: string };
      relationship: string;
      waived: boolean;
      expiresAt: Date;
    };

/**
 * The request a token stands for, read without changing anything (mail scanners open links). An
 * unknown token is "invalid", saying nothing more; a known one says why it no longer works.
 */
export async function referenceLink(token: string, now = new Date()): Promise<ReferenceLink> {
  const row = await prisma.reference.findUnique({
    where: { tokenHash: hashToken(token) },
    select: {
      id: true,
      status: true,
      tokenExpiresAt: true,
      refereeName: true,
      relationship: true,
      waived: true,
      application: {
        select: {
          status: true,
          user: { select: { fullName: true } },
          program: { select: { name: true, degree: true, university: { select: { name: true } } } },
        },
      },
    },
  });
  if (!row) return { state: "invalid" };
  const { application } = row;
  const studentName = application.user.fullName;
  if (row.status === "replaced") return { state: "replaced", studentName };
  if (row.status === "received" || row.status === "declined") return { state: "used", studentName };
  if (row.tokenExpiresAt <= now) return { state: "expired", studentName };
  if (!isOpen(toStatus(application.status))) return { state: "closed", studentName };
  return {
    state: "open",
    referenceId: row.id,
    refereeName: row.refereeName,
    studentName,
    program: {
      name: application.program.name,
      degree: application.program.degree,
      university: application.program.university.name,
    },
    relationship: row.relationship,
    waived: row.waived,
    expiresAt: row.tokenExpiresAt,
  };
}
