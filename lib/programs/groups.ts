import { STUDY_LEVELS, UNIVERSITY_PAGE_DEGREE_GROUPS, type StudyLevel } from "@/lib/constants";

/**
 * The tab of a university page a program belongs to: by its degree, through the university
 * page's degree groups (SPEC §9); a degree outside those groups (LLB, MArch, MD...) goes to the
 * tab of the program's level, so that no program is left off the page.
 */
export function tabOf(program: { degree: string; level: string }): StudyLevel | null {
  for (const level of STUDY_LEVELS) {
    if (UNIVERSITY_PAGE_DEGREE_GROUPS[level].includes(program.degree)) return level;
  }
  return (STUDY_LEVELS as readonly string[]).includes(program.level) ? (program.level as StudyLevel) : null;
}

export function groupByTab<P extends { degree: string; level: string }>(
  programs: P[],
): Record<StudyLevel, P[]> {
  const groups: Record<StudyLevel, P[]> = { "Bachelor's": [], "Master's": [], PhD: [] };
  for (const program of programs) {
    const tab = tabOf(program);
    if (tab) groups[tab].push(program);
  }
  return groups;
}
