import { prisma } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { toStatus, type ApplicationStatus } from "./status";

// Reads of a student's applications for the student area.

const DAY_MS = 86_400_000;

export interface RecentApplication {
  id: number;
  status: ApplicationStatus;
  submittedAt: Date;
  program: { id: number; name: string; degree: string };
  university: { name: string; slug: string };
}

const recentSelect = {
  id: true,
  status: true,
  submittedAt: true,
  program: {
    select: { id: true, name: true, degree: true, university: { select: { name: true, slug: true } } },
  },
} satisfies Prisma.ApplicationSelect;

/** The student's latest applications, newest first. */
export async function listRecentApplications(userId: number, limit = 5): Promise<RecentApplication[]> {
  const rows = await prisma.application.findMany({
    where: { userId },
    orderBy: [{ submittedAt: "desc" }, { id: "desc" }],
    take: limit,
    select: recentSelect,
  });
  return rows.map(({ program: { university, ...program }, status, ...row }) => ({
    ...row,
    status: toStatus(status),
    program,
    university,
  }));
}

export interface UpcomingDeadline {
  programId: number;
  programName: string;
  degree: string;
  deadline: Date;
  university: { name: string; slug: string };
}

/**
 * Deadlines of the programs the student applied to that fall between `now` and `days` days later,
 * nearest first (at most `limit`).
 */
export async function listUpcomingDeadlines(
  userId: number,
  now: Date,
  days: number,
  limit = 10,
): Promise<UpcomingDeadline[]> {
  const rows = await prisma.program.findMany({
    where: {
      applications: { some: { userId } },
      deadline: { gte: now, lte: new Date(now.getTime() + days * DAY_MS) },
    },
    orderBy: [{ deadline: "asc" }, { id: "asc" }],
    take: limit,
    select: {
      id: true,
      name: true,
      degree: true,
      deadline: true,
      university: { select: { name: true, slug: true } },
    },
  });
  return rows.map(({ id, name, ...row }) => ({ programId: id, programName: name, ...row }));
}
