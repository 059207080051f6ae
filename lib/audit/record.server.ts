import "server-only";
import type { Viewer } from "@/lib/auth/viewer";
import type { Prisma } from "@/lib/generated/prisma/client";
import { redact, type AuditAction, type AuditEntityType, type AuditSnapshot } from "./entries";

// The audit log's one writer. Every admin write calls it inside its own transaction,
// so the entry and the change are saved together or not at all.

/**
 * Who made the change: the signed-in admin (the name is kept after the account is deleted), or an
 * operator at the command line (no account: id null, e.g. `npm run import`).
 */
export type AuditActor = Pick<Viewer, "fullName"> & { id: Viewer["id"] | null };

export interface AuditEntry {
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: number | string;
  /** A readable label of the row, as it was named at the time. */
  summary: string;
  before?: AuditSnapshot | null;
  after?: AuditSnapshot | null;
}

/** The snapshot as JSON: dates as ISO strings, decimals as strings, secrets left out. */
function toJson(snapshot: AuditSnapshot | null | undefined): Prisma.InputJsonValue | undefined {
  if (!snapshot) return undefined;
  return JSON.parse(JSON.stringify(redact(snapshot))) as Prisma.InputJsonValue;
}

export async function recordAudit(
  tx: Prisma.TransactionClient,
  actor: AuditActor,
  entry: AuditEntry,
): Promise<void> {
  await tx.auditEvent.create({
    data: {
      actorId: actor.id,
      actorName: actor.fullName,
      action: entry.action,
      entityType: entry.entityType,
      entityId: String(entry.entityId),
      summary: entry.summary,
      before: toJson(entry.before),
      after: toJson(entry.after),
    },
    select: { id: true },
  });
}
