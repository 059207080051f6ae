// How a ranking is shown: only with its source (docs/decisions/0009-demo-mode-in-the-database.md),
// as "QS 2026: 45". Client-safe: the search cards, the university page and the admin list use it.

export interface RankingFields {
  ranking: number | null;
  rankingSource: string | null;
  rankingYear: number | null;
}

/** "QS 2026: 45", "Times Higher Education: 7"; null for no ranking or one without a source. */
export function rankingLabel({ ranking, rankingSource, rankingYear }: RankingFields): string | null {
  const source = rankingSource?.trim();
  if (ranking === null || !source) return null;
  return `${rankingYear === null ? source : `${source} ${rankingYear}`}: ${ranking}`;
}

/** What a screen reader hears: "Ranked 45 in QS 2026". */
export function rankingDescription({ ranking, rankingSource, rankingYear }: RankingFields): string | null {
  const source = rankingSource?.trim();
  if (ranking === null || !source) return null;
  return `Ranked ${ranking} in ${rankingYear === null ? source : `${source} ${rankingYear}`}`;
}

/** Said beside results sorted by ranking. */
export const RANKING_SORT_NOTE = "Sorted by ranking; unranked universities last.";
