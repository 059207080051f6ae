import "server-only";
import { prisma } from "@/lib/db/client.server";
import { trend } from "./trend";

// The admin dashboard's figures (users.total, users.trend, universities.total,
// programs.total, applications.total, applications.trend), plus the pending count the
// Applications card shows as 'Pending review'.

const DAY_MS = 86_400_000;

export interface DashboardStats {
  users: { total: number; trend: number | null };
  universities: { total: number };
  programs: { total: number };
  applications: { total: number; pending: number; trend: number | null };
}

export async function getDashboardStats(now = new Date()): Promise<DashboardStats> {
  const last30 = { gte: new Date(now.getTime() - 30 * DAY_MS), lt: now };
  const previous30 = {
    gte: new Date(now.getTime() - 60 * DAY_MS),
    lt: new Date(now.getTime() - 30 * DAY_MS),
  };
  const [
    users,
    newUsers,
    earlierUsers,
    universities,
    programs,
    applications,
    pending,
    newApplications,
    earlierApplications,
  ] = await Promise.all([
    prisma.user.count(),
    prisma.user.count({ where: { createdAt: last30 } }),
    prisma.user.count({ where: { createdAt: previous30 } }),
    // Live ones: archived rows are no longer offered.
    prisma.university.count({ where: { archivedAt: null } }),
    prisma.program.count({ where: { archivedAt: null } }),
    prisma.application.count(),
    prisma.application.count({ where: { status: "pending" } }),
    prisma.application.count({ where: { submittedAt: last30 } }),
    prisma.application.count({ where: { submittedAt: previous30 } }),
  ]);
  return {
    users: { total: users, trend: trend(newUsers, earlierUsers) },
    universities: { total: universities },
    programs: { total: programs },
    applications: { total: applications, pending, trend: trend(newApplications, earlierApplications) },
  };
}
