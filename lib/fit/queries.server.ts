import "server-only";
import { prisma } from "@/lib/db/client.server";
import type { Rates } from "@/lib/money/convert";
import { getStudentProfile } from "./profile.server";
import { fitRequirements, requirementSelect, requirementsOf } from "./requirements";
import { checkFit, countryName, profileHasFacts, type FitResult } from "./rules";

/**
 * The fit check of the student's profile against each of the programs, by program id, for the
 * student's own pages (the shortlist), which are rendered per request anyway. Null when the
 * student has no profile with anything to check.
 */
export async function fitOfPrograms(
  userId: number,
  programIds: readonly number[],
  today: Date,
  rates: Rates,
): Promise<Map<number, FitResult[]> | null> {
  const profile = await getStudentProfile(userId);
  if (!profileHasFacts(profile) || programIds.length === 0) return null;
  const programs = await prisma.program.findMany({
    where: { id: { in: [...programIds] } },
    select: {
      id: true,
      tuition: true,
      currency: true,
      ...requirementSelect,
      university: { select: { country: { select: { code: true, name: true } } } },
    },
  });
  return new Map(
    programs.map((program) => [
      program.id,
      checkFit(
        profile!,
        fitRequirements(requirementsOf(program), {
          tuition: program.tuition.toFixed(2),
          currency: program.currency,
          countryCode: program.university.country.code,
          country: program.university.country.name,
        }),
        { today, countryName, rates },
      ),
    ]),
  );
}
