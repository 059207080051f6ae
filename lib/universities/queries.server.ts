import "server-only";
import { cache } from "react";
import { unstable_rethrow } from "next/navigation";
import { prisma } from "@/lib/db/client.server";
import { logger } from "@/lib/log.server";
import type { Prisma } from "@/lib/generated/prisma/client";
import { slugParamsSchema } from "@/lib/validation/university";
import { requirementSelect, requirementsOf, type ProgramRequirements } from "@/lib/fit/requirements";

export interface UniversityDto {
  id: number;
  name: string;
  slug: string;
  /** Country name, as the university stores it; the code is beside it. */
  country: string;
  countryCode: string;
  description: string | null;
  mainImage: string | null;
  images: string[];
  /** Shown only with its source (lib/universities/ranking.ts). */
  ranking: number | null;
  rankingSource: string | null;
  rankingYear: number | null;
  webPage: string | null;
  /** Counts the edits: PATCH sends it back, and is refused when the university changed since. */
  version: number;
}

/** Admin reads also see archived universities; the public ones never do. */
export interface ArchiveOption {
  includeArchived?: boolean;
}

export interface UniversityProgram {
  id: number;
  name: string;
  description: string;
  level: string;
  field: string;
  degree: string;
  duration: number;
  tuition: string;
  /** The ISO 4217 code of the tuition. */
  currency: string;
  deadline: Date;
  timeZone: string;
  /** The documents an application must include, and those it may (document type names). */
  requiredDocuments: string[];
  optionalDocuments: string[];
  /** How many references an application needs. */
  referencesRequired: number;
  /** Entry requirements and fees, each null (or empty) where the university does not state it. */
  requirements: ProgramRequirements;
}

export interface UniversityWithPrograms extends UniversityDto {
  updatedAt: Date;
  /** When the page's data last changed: the university or one of its live programs. */
  lastUpdated: Date;
  /** Archived: the page says it no longer takes applications, and lists no programs. */
  archived: boolean;
  programs: UniversityProgram[];
  /** The program list could not be read (the page says 'Failed to fetch programs'; programs is empty). */
  programsFailed?: boolean;
}

const universitySelect = {
  id: true,
  name: true,
  slug: true,
  description: true,
  mainImage: true,
  images: true,
  ranking: true,
  rankingSource: true,
  rankingYear: true,
  webPage: true,
  version: true,
  country: { select: { name: true, code: true } },
} satisfies Prisma.UniversitySelect;

type UniversityRow = Prisma.UniversityGetPayload<{ select: typeof universitySelect }>;

function toDto({ country, ...rest }: UniversityRow): UniversityDto {
  return { ...rest, country: country.name, countryCode: country.code };
}

const live = (options: ArchiveOption) => (options.includeArchived ? {} : { archivedAt: null });

/** A university by id; `db` is a write's transaction when the write answers with it. */
export async function getUniversityById(
  id: number,
  options: ArchiveOption = {},
  db: Prisma.TransactionClient = prisma,
): Promise<UniversityDto | null> {
  const row = await db.university.findFirst({
    where: { id, ...live(options) },
    select: universitySelect,
  });
  return row ? toDto(row) : null;
}

export async function getUniversityBySlug(slug: string): Promise<UniversityDto | null> {
  const row = await prisma.university.findFirst({
    where: { slug, archivedAt: null },
    select: universitySelect,
  });
  return row ? toDto(row) : null;
}

/**
 * The current slug of the university that had `slug` before a rename (university_slugs), or null.
 * Its old address redirects there.
 */
export async function currentSlugOf(slug: string): Promise<string | null> {
  if (!slugParamsSchema.safeParse({ slug }).success) return null;
  const row = await prisma.universitySlug.findUnique({
    where: { slug },
    select: { university: { select: { slug: true } } },
  });
  return row && row.university.slug !== slug ? row.university.slug : null;
}

/**
 * A university with all of its programs, for its page. Cached per request, so that
 * generateMetadata and the page share one database round trip.
 */
export const getUniversityPage = cache(async (slug: string): Promise<UniversityWithPrograms | null> => {
  // A slug no university can have (/university/%00 reached PostgreSQL and answered 500) is not looked up.
  if (!slugParamsSchema.safeParse({ slug }).success) return null;
  const row = await prisma.university.findUnique({
    where: { slug },
    select: { ...universitySelect, updatedAt: true, archivedAt: true },
  });
  if (!row) return null;
  const { updatedAt, archivedAt, ...university } = row;
  const page = { ...toDto(university), updatedAt, lastUpdated: updatedAt, archived: archivedAt !== null };
  if (archivedAt !== null) return { ...page, programs: [] };
  // Read apart from the university, so that a failure leaves the rest of the page standing.
  try {
    const programs = await prisma.program.findMany({
      where: { universityId: row.id, archivedAt: null },
      select: {
        id: true,
        name: true,
        description: true,
        level: true,
        field: true,
        degree: true,
        duration: true,
        tuition: true,
        currency: true,
        deadline: true,
        timeZone: true,
        updatedAt: true,
        referencesRequired: true,
        ...requirementSelect,
        documentTypes: {
          select: { documentType: true, required: true },
          orderBy: [{ type: { position: "asc" } }, { documentType: "asc" }],
        },
      },
      orderBy: [{ name: "asc" }, { degree: "asc" }],
    });
    const lastUpdated = new Date(
      Math.max(updatedAt.getTime(), ...programs.map((p) => p.updatedAt.getTime())),
    );
    return {
      ...page,
      lastUpdated,
      programs: programs.map((row) => ({
        id: row.id,
        name: row.name,
        description: row.description,
        level: row.level,
        field: row.field,
        degree: row.degree,
        duration: row.duration,
        deadline: row.deadline,
        timeZone: row.timeZone,
        referencesRequired: row.referencesRequired,
        requirements: requirementsOf(row),
        tuition: row.tuition.toFixed(2),
        currency: row.currency,
        requiredDocuments: row.documentTypes.filter((d) => d.required).map((d) => d.documentType),
        optionalDocuments: row.documentTypes.filter((d) => !d.required).map((d) => d.documentType),
      })),
    };
  } catch (error) {
    unstable_rethrow(error);
    logger().error({ err: error, universityId: row.id }, "the university's programs could not be read");
    return { ...page, programs: [], programsFailed: true };
  }
});

/** Slugs and last changes of every live university, for the sitemap, a page at a time. */
export function listUniversitySlugs(options: { offset: number; limit: number }) {
  return prisma.university.findMany({
    where: { archivedAt: null },
    select: { slug: true, updatedAt: true },
    orderBy: { id: "asc" },
    skip: options.offset,
    take: options.limit,
  });
}

/** Live universities (archived ones are not on the public site). */
export function countUniversities(): Promise<number> {
  return prisma.university.count({ where: { archivedAt: null } });
}
