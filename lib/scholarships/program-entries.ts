// What a program's card says of scholarships: the names of those for the program itself, each a
// link to its card in the university page's scholarships section. Client-safe, small: the program
// tabs carry it for each card.

export interface ProgramScholarshipEntry {
  id: number;
  name: string;
}

/** The scholarships of each program, by program id, from a university page's scholarships. */
export function scholarshipsByProgram(
  scholarships: readonly { id: number; name: string; programId: number | null }[],
): Record<number, ProgramScholarshipEntry[]> {
  const byProgram: Record<number, ProgramScholarshipEntry[]> = {};
  for (const { id, name, programId } of scholarships) {
    if (programId !== null) (byProgram[programId] ??= []).push({ id, name });
  }
  return byProgram;
}

/** The anchor of a scholarship's card on its university's page. */
export const scholarshipAnchor = (id: number) => `#scholarship-${id}`;
