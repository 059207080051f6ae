import "server-only";
import { prisma } from "@/lib/db/client.server";
import type { ShortlistKind } from "@/lib/validation/shortlist";
import { earliestOpenDeadline } from "@/lib/dates/sql.server";
import { deadlinePassed } from "@/lib/format";
import { countryName } from "@/lib/fit/rules";
import { scholarshipSelect, toScholarshipDto } from "@/lib/scholarships/queries.server";

/** Programs of a university read to find its next deadline (see listShortlist). */
const NEXT_DEADLINE_CANDIDATES = 10;

/** One saved item as /user/shortlist and GET /api/shortlist show it. */
export interface ShortlistEntry {
  type: ShortlistKind;
  id: number;
  name: string;
  /** The university's page (for a program: its university's; a scholarship's university's, or null). */
  universitySlug: string | null;
  /** A program's or a scholarship's university; null for a university, or a scholarship of none. */
  universityName: string | null;
  /** Where it is: the university's country (a scholarship of no university: the one it names, or null). */
  country: string | null;
  countryCode: string | null;
  /** A program: its degree; null for a university. */
  degree: string | null;
  /** A program: its tuition per year ("12000.00") in `currency`; null for a university. */
  tuition: string | null;
  /** A program: the ISO 4217 code of its tuition; a scholarship: of its amount; else null. */
  currency: string | null;
  /** A scholarship: who gives it, its amount (or a range's lowest and highest) and its official page. */
  provider: string | null;
  amountMin: string | null;
  amountMax: string | null;
  officialUrl: string | null;
  /** ISO date-time: the program's deadline, or the university's next one (null without one). */
  deadline: string | null;
  /** The IANA time zone that deadline's day ends in (null without a deadline). */
  timeZone: string | null;
  /** Archived since it was saved: no longer offered. */
  archived: boolean;
  savedAt: string;
}

/** A student's shortlist, soonest deadline first (no deadline last, then by name). */
export async function listShortlist(userId: number, now: Date): Promise<ShortlistEntry[]> {
  const [programs, universities, scholarships] = await Promise.all([
    prisma.shortlistProgram.findMany({
      where: { userId },
      select: {
        createdAt: true,
        program: {
          select: {
            id: true,
            name: true,
            degree: true,
            tuition: true,
            currency: true,
            deadline: true,
            timeZone: true,
            archivedAt: true,
            university: {
              select: { name: true, slug: true, country: { select: { name: true, code: true } } },
            },
          },
        },
      },
    }),
    prisma.shortlistUniversity.findMany({
      where: { userId },
      select: {
        createdAt: true,
        university: {
          select: {
            id: true,
            name: true,
            slug: true,
            archivedAt: true,
            country: { select: { name: true, code: true } },
            // Its next deadline among live programs: the range holds every zone's open days, and
            // the first of them not passed in its own zone is it (see below). Beyond the few
            // candidates read, a deadline would have to share its UTC day with ten passed ones.
            programs: {
              where: { archivedAt: null, deadline: { gte: earliestOpenDeadline(now) } },
              orderBy: [{ deadline: "asc" }, { id: "asc" }],
              take: NEXT_DEADLINE_CANDIDATES,
              select: { deadline: true, timeZone: true },
            },
          },
        },
      },
    }),
    prisma.shortlistScholarship.findMany({
      where: { userId },
      select: { createdAt: true, scholarship: { select: scholarshipSelect } },
    }),
  ]);
  const scholarshipOnly = { provider: null, amountMin: null, amountMax: null, officialUrl: null };
  const entries: ShortlistEntry[] = [
    ...programs.map(({ createdAt, program }) => ({
      type: "program" as const,
      id: program.id,
      name: program.name,
      universitySlug: program.university.slug,
      universityName: program.university.name,
      country: program.university.country.name,
      countryCode: program.university.country.code,
      degree: program.degree,
      tuition: program.tuition.toFixed(2),
      currency: program.currency,
      deadline: program.deadline.toISOString(),
      timeZone: program.timeZone,
      archived: program.archivedAt !== null,
      savedAt: createdAt.toISOString(),
      ...scholarshipOnly,
    })),
    ...universities.map(({ createdAt, university }) => {
      const next = university.programs.find((program) => !deadlinePassed(program, now));
      return {
        type: "university" as const,
        id: university.id,
        name: university.name,
        universitySlug: university.slug,
        universityName: null,
        country: university.country.name,
        countryCode: university.country.code,
        degree: null,
        tuition: null,
        currency: null,
        deadline: next?.deadline.toISOString() ?? null,
        timeZone: next?.timeZone ?? null,
        archived: university.archivedAt !== null,
        savedAt: createdAt.toISOString(),
        ...scholarshipOnly,
      };
    }),
    ...scholarships.map(({ createdAt, scholarship: row }) => {
      const scholarship = toScholarshipDto(row);
      return {
        type: "scholarship" as const,
        id: scholarship.id,
        name: scholarship.name,
        universitySlug: scholarship.university?.slug ?? null,
        universityName: scholarship.university?.name ?? null,
        country:
          scholarship.university?.country ??
          (scholarship.countryCode && countryName(scholarship.countryCode)),
        countryCode: scholarship.countryCode,
        degree: null,
        tuition: null,
        currency: scholarship.currency,
        deadline: scholarship.deadline,
        timeZone: scholarship.deadline ? scholarship.timeZone : null,
        archived: scholarship.archived,
        savedAt: createdAt.toISOString(),
        provider: scholarship.provider,
        amountMin: scholarship.amountMin,
        amountMax: scholarship.amountMax,
        officialUrl: scholarship.officialUrl,
      };
    }),
  ];
  return entries.sort(
    (a, b) =>
      (a.deadline ?? "\uffff").localeCompare(b.deadline ?? "\uffff") ||
      a.name.localeCompare(b.name) ||
      a.id - b.id,
  );
}
