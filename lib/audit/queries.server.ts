import "server-only";
import { prisma } from "@/lib/db/client.server";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { AuditAction, AuditEntityType } from "./entries";

export interface AuditEventDto {
  id: number;
  /** ISO date-time. */
  createdAt: string;
  /** The admin's id; null once that account is deleted. */
  actorId: number | null;
  actorName: string;
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: string;
  summary: string;
  before: unknown;
  after: unknown;
}

export interface AuditListOptions {
  /** Case-insensitive substring of the admin's name, the row's label or the action. */
  search?: string;
  entityType?: AuditEntityType;
  action?: AuditAction;
  actorId?: number;
  limit: number;
  offset: number;
}

/** Audit entries, newest first, filtered and paged. */
export async function listAuditEvents(
  options: AuditListOptions,
): Promise<{ items: AuditEventDto[]; total: number }> {
  const where: Prisma.AuditEventWhereInput = {
    ...(options.entityType ? { entityType: options.entityType } : {}),
    ...(options.action ? { action: options.action } : {}),
    ...(options.actorId !== undefined ? { actorId: options.actorId } : {}),
    ...(options.search
      ? {
          OR: [
            { actorName: { contains: options.search, mode: "insensitive" } },
            { summary: { contains: options.search, mode: "insensitive" } },
            { action: { contains: options.search, mode: "insensitive" } },
          ],
        }
      : {}),
  };
  const [rows, total] = await Promise.all([
    prisma.auditEvent.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: options.limit,
      skip: options.offset,
    }),
    prisma.auditEvent.count({ where }),
  ]);
  return {
    total,
    items: rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      actorId: row.actorId,
      actorName: row.actorName,
      action: row.action as AuditAction,
      entityType: row.entityType as AuditEntityType,
      entityId: row.entityId,
      summary: row.summary,
      before: row.before,
      after: row.after,
    })),
  };
}
