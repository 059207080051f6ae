import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { ProgramRequirements } from "./requirements";

// The requirement columns of bulk program writes (the import, the demo seed), which go through
// unnest() in one statement: one array per column, start terms as text joined by ";" (unnest
// cannot give a row an array of its own) that the statement splits back with string_to_array.

/** The arrays, in REQUIREMENT_FIELDS' order, to follow the other arrays of an unnest(...). */
export function requirementArrays(rows: readonly ProgramRequirements[]): Prisma.Sql {
  return Prisma.sql`
    ${rows.map((p) => p.minGrade)}::numeric[],
    ${rows.map((p) => p.minIelts)}::numeric[],
    ${rows.map((p) => p.minToefl)}::int[],
    ${rows.map((p) => p.minDuolingo)}::int[],
    ${rows.map((p) => p.minCambridge)}::int[],
    ${rows.map((p) => p.startTerms.join(";"))}::text[],
    ${rows.map((p) => p.tuitionHome)}::numeric[],
    ${rows.map((p) => p.applicationFee)}::numeric[],
    ${rows.map((p) => p.visaSponsorship)}::boolean[]`;
}

/** The unnest's column names for those arrays (after the other columns of its AS v(...)). */
export const REQUIREMENT_ALIASES = Prisma.raw(
  `"minGrade", "minIelts", "minToefl", "minDuolingo", "minCambridge", "startTerms", "tuitionHome", "applicationFee", "visaSponsorship"`,
);

/** The values to insert or set, from the unnest aliased `v`, in the same order. */
export const REQUIREMENT_VALUES = Prisma.raw(
  `v."minGrade", v."minIelts", v."minToefl", v."minDuolingo", v."minCambridge", string_to_array(v."startTerms", ';'), v."tuitionHome", v."applicationFee", v."visaSponsorship"`,
);
