import { randomBytes } from "node:crypto";
import { prisma } from "@/lib/db/client";
import type { ApplicationStatus } from "@/lib/generated/prisma/enums";

// Rows a test creates for itself. Names carry a random tag so tests can find exactly their rows
// among the seeded ones; `cleanup()` deletes them (programs and applications go with them).

export function uniqueTag(): string {
  return `t${randomBytes(4).toString("hex")}`;
}

export interface ProgramSpec {
  name: string;
  degree: string;
  level?: string;
  field?: string;
  tuition?: number;
  duration?: number;
  deadline?: Date;
}

const LEVEL_BY_PREFIX: Record<string, string> = { B: "Bachelor's", L: "Bachelor's", M: "Master's" };

export async function createUniversity(options: {
  name: string;
  countryCode?: string;
  ranking?: number | null;
  programs?: ProgramSpec[];
}) {
  const country = await prisma.country.findUniqueOrThrow({ where: { code: options.countryCode ?? "NZ" } });
  const slug = options.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return prisma.university.create({
    data: {
      name: options.name,
      slug,
      countryId: country.id,
      ranking: options.ranking ?? null,
      description: `${options.name} is a test university.`,
      programs: {
        create: (options.programs ?? []).map((p) => ({
          name: p.name,
          degree: p.degree,
          level: p.level ?? LEVEL_BY_PREFIX[p.degree[0]] ?? "PhD",
          field: p.field ?? "Business",
          tuition: p.tuition ?? 10_000,
          duration: p.duration ?? 3,
          deadline: p.deadline ?? new Date(Date.now() + 90 * 86_400_000),
          description: `${p.degree} ${p.name}`,
        })),
      },
    },
    include: { programs: { orderBy: { id: "asc" } } },
  });
}

export async function deleteUniversitiesNamed(tag: string) {
  await prisma.university.deleteMany({ where: { name: { contains: tag } } });
}

/** A student account named after the tag (no password: it never signs in). */
export async function createStudent(tag: string, fullName = `Student ${tag}`) {
  return prisma.user.create({
    data: { username: `student_${tag}`, email: `${tag}@example.test`, fullName, role: "user" },
  });
}

export async function deleteUsersTagged(tag: string) {
  // Their applications go with them (ON DELETE CASCADE).
  await prisma.user.deleteMany({ where: { username: { contains: tag } } });
}

export async function createApplication(options: {
  userId: number;
  programId: number;
  status?: ApplicationStatus;
  submittedAt?: Date;
}) {
  return prisma.application.create({
    data: {
      userId: options.userId,
      programId: options.programId,
      status: options.status ?? "pending",
      submittedAt: options.submittedAt ?? new Date(),
      personalStatement: "A statement written for a test. ".repeat(20),
      academicHistory: {
        institution: "Test Secondary School",
        degree: "High School Diploma",
        gpa: "3.8",
        graduationYear: 2024,
      },
    },
  });
}
