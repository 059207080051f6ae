import { prisma } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";

export interface ProgramDto {
  id: number;
  universityId: number;
  name: string;
  description: string;
  level: string;
  field: string;
  degree: string;
  /** Years. */
  duration: number;
  /** USD per year with two decimals, as a string so that no cent is lost: "12000.00". */
  tuition: string;
  /** ISO 8601 date-time. */
  deadline: string;
  university: { id: number; name: string; slug: string; country: string; countryCode: string };
}

const programSelect = {
  id: true,
  universityId: true,
  name: true,
  description: true,
  level: true,
  field: true,
  degree: true,
  duration: true,
  tuition: true,
  deadline: true,
  university: {
    select: { id: true, name: true, slug: true, country: { select: { name: true, code: true } } },
  },
} satisfies Prisma.ProgramSelect;

type ProgramRow = Prisma.ProgramGetPayload<{ select: typeof programSelect }>;

export function toProgramDto(row: ProgramRow): ProgramDto {
  const { university, tuition, deadline, ...rest } = row;
  return {
    ...rest,
    tuition: tuition.toFixed(2),
    deadline: deadline.toISOString(),
    university: {
      id: university.id,
      name: university.name,
      slug: university.slug,
      country: university.country.name,
      countryCode: university.country.code,
    },
  };
}

export async function getProgram(id: number): Promise<ProgramDto | null> {
  const row = await prisma.program.findUnique({ where: { id }, select: programSelect });
  return row ? toProgramDto(row) : null;
}

export async function listPrograms(options: {
  universityId?: number;
  limit: number;
  offset: number;
}): Promise<{ items: ProgramDto[]; total: number }> {
  const where: Prisma.ProgramWhereInput = options.universityId ? { universityId: options.universityId } : {};
  const [rows, total] = await Promise.all([
    prisma.program.findMany({
      where,
      select: programSelect,
      orderBy: [{ universityId: "asc" }, { id: "asc" }],
      take: options.limit,
      skip: options.offset,
    }),
    prisma.program.count({ where }),
  ]);
  return { items: rows.map(toProgramDto), total };
}
