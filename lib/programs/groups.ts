/** A tab of a university page: a study level and its programs. */
export interface LevelGroup<P> {
  level: string;
  programs: P[];
}

/**
 * The university page's tabs: one per study level of settings (`levels`, in their order), each
 * with the programs whose level it is, empty ones included, so that every level an admin adds
 * appears. A program's level is a name of that list (a foreign key), so none is left out; one
 * whose level the list does not hold (the list read a moment before a new level) gets a tab of its
 * own after the others rather than disappearing.
 */
export function groupByLevel<P extends { level: string }>(
  programs: P[],
  levels: readonly string[],
): LevelGroup<P>[] {
  const groups = new Map<string, P[]>(levels.map((level) => [level, []]));
  for (const program of programs) {
    const group = groups.get(program.level);
    if (group) group.push(program);
    else groups.set(program.level, [program]);
  }
  return [...groups].map(([level, members]) => ({ level, programs: members }));
}
