import "server-only";
import { prisma } from "@/lib/db/client.server";
import { Prisma } from "@/lib/generated/prisma/client";
import { badRequest, staleWrite } from "@/lib/http/errors";
import { COUNTRY_INVALID, PROFILE_CHANGED, type StudentProfileInput } from "@/lib/validation/student-profile";
import { ENGLISH_TESTS } from "./english";
import { normaliseGrade } from "./grades";
import type { StudentProfileDto } from "./profile";

// The student's profile for the fit check (student_profiles, one row per user at most): read by
// the profile page, GET /api/user/study-profile and the fit check's client; written by the
// profile form's action and PUT, which replace it whole. It is deleted with the account (ON DELETE
// CASCADE) and is part of the account's data export.

type Row = Prisma.StudentProfileGetPayload<object>;

const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null);
const decimal = (value: Prisma.Decimal | null) => (value === null ? null : Number(value));

function toDto(row: Row): StudentProfileDto {
  return {
    nationality: row.nationality,
    residence: row.residence,
    qualification: row.qualification,
    gradeScale: row.gradeScale,
    grade: row.grade,
    gradeScore: decimal(row.gradeScore),
    english: {
      ielts:
        row.ieltsScore === null ? null : { score: Number(row.ieltsScore), takenOn: day(row.ieltsTakenOn)! },
      toefl: row.toeflScore === null ? null : { score: row.toeflScore, takenOn: day(row.toeflTakenOn)! },
      duolingo:
        row.duolingoScore === null ? null : { score: row.duolingoScore, takenOn: day(row.duolingoTakenOn)! },
      cambridge:
        row.cambridgeScore === null
          ? null
          : { score: row.cambridgeScore, takenOn: day(row.cambridgeTakenOn)! },
    },
    budgetAmount: decimal(row.budgetAmount),
    budgetCurrency: row.budgetCurrency,
    startTerm: row.startTerm,
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

/** The user's profile, or null when they have not saved one. */
export async function getStudentProfile(userId: number): Promise<StudentProfileDto | null> {
  const row = await prisma.studentProfile.findUnique({ where: { userId } });
  return row ? toDto(row) : null;
}

/**
 * Replaces the user's profile with `input` (a field absent is cleared). The countries must be in
 * the countries list (a 400 on the field); `version`, when given, must be the saved one (0: none
 * saved yet), else 409. The grade's common-scale figure is derived here, never taken from a client.
 */
export async function saveStudentProfile(
  userId: number,
  input: StudentProfileInput,
): Promise<StudentProfileDto> {
  const codes = [input.nationality, input.residence].filter((code): code is string => code !== undefined);
  const known = new Set(
    (await prisma.country.findMany({ where: { code: { in: codes } }, select: { code: true } })).map(
      (c) => c.code,
    ),
  );
  const fieldErrors: Record<string, string[]> = {};
  for (const field of ["nationality", "residence"] as const) {
    const code = input[field];
    if (code !== undefined && !known.has(code)) fieldErrors[field] = [COUNTRY_INVALID];
  }
  if (Object.keys(fieldErrors).length > 0) throw badRequest(COUNTRY_INVALID, fieldErrors);

  const date = (value: string | undefined) => (value === undefined ? null : new Date(`${value}T00:00:00Z`));
  const data = {
    nationality: input.nationality ?? null,
    residence: input.residence ?? null,
    qualification: input.qualification ?? null,
    gradeScale: input.gradeScale ?? null,
    grade: input.grade ?? null,
    gradeScore:
      input.gradeScale && input.grade !== undefined ? normaliseGrade(input.gradeScale, input.grade) : null,
    ...Object.fromEntries(
      ENGLISH_TESTS.flatMap((test) => [
        [`${test}Score`, input[`${test}Score`] ?? null],
        [`${test}TakenOn`, date(input[`${test}TakenOn`])],
      ]),
    ),
    budgetAmount: input.budgetAmount ?? null,
    budgetCurrency: input.budgetCurrency ?? null,
    startTerm: input.startTerm ?? null,
  };

  return prisma.$transaction(async (tx) => {
    const saved = await tx.studentProfile.findUnique({ where: { userId }, select: { version: true } });
    if (input.version !== undefined && input.version !== (saved?.version ?? 0))
      throw staleWrite(PROFILE_CHANGED);
    const row = saved
      ? await tx.studentProfile.update({ where: { userId }, data: { ...data, version: { increment: 1 } } })
      : await tx.studentProfile.create({ data: { ...data, userId } });
    return toDto(row);
  });
}
