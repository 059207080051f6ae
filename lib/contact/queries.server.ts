import "server-only";
import { prisma } from "@/lib/db/client.server";
import type { Prisma } from "@/lib/generated/prisma/client";

export interface ContactMessageDto {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  /** ISO date-time. */
  createdAt: string;
}

/** Contact-form messages, newest first; `search`: a case-insensitive part of the sender, e-mail or subject. */
export async function listContactMessages(options: {
  search?: string;
  limit: number;
  offset: number;
}): Promise<{ items: ContactMessageDto[]; total: number }> {
  const where: Prisma.ContactMessageWhereInput = options.search
    ? {
        OR: [
          { name: { contains: options.search, mode: "insensitive" } },
          { email: { contains: options.search, mode: "insensitive" } },
          { subject: { contains: options.search, mode: "insensitive" } },
        ],
      }
    : {};
  const [rows, total] = await Promise.all([
    prisma.contactMessage.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: options.limit,
      skip: options.offset,
    }),
    prisma.contactMessage.count({ where }),
  ]);
  return { total, items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
}
