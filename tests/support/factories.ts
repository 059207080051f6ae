import { randomBytes } from "node:crypto";
import { prisma } from "@/lib/db/client";

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
    include: { programs: true },
  });
}

export async function deleteUniversitiesNamed(tag: string) {
  await prisma.university.deleteMany({ where: { name: { contains: tag } } });
}
