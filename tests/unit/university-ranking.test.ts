import { RANKING_SORT_NOTE, rankingDescription, rankingLabel } from "@/lib/universities/ranking";

// A ranking is shown only where an admin entered one, with its source and year.

test("a ranking is shown with its source and year: 'QS 2026: 45'", () => {
  expect(rankingLabel({ ranking: 45, rankingSource: "QS", rankingYear: 2026 })).toBe("QS 2026: 45");
  expect(rankingDescription({ ranking: 45, rankingSource: "QS", rankingYear: 2026 })).toBe(
    "Ranked 45 in QS 2026",
  );
});

test("without a year, the source alone", () => {
  expect(rankingLabel({ ranking: 7, rankingSource: "Times Higher Education", rankingYear: null })).toBe(
    "Times Higher Education: 7",
  );
  expect(rankingDescription({ ranking: 7, rankingSource: "Times Higher Education", rankingYear: null })).toBe(
    "Ranked 7 in Times Higher Education",
  );
});

test("the demo seed's rankings say they are the demo's", () => {
  expect(rankingLabel({ ranking: 1, rankingSource: "Demo ranking", rankingYear: 2026 })).toBe(
    "Demo ranking 2026: 1",
  );
});

test("no ranking, or a ranking without a source (stored before sources existed), is not shown", () => {
  expect(rankingLabel({ ranking: null, rankingSource: null, rankingYear: null })).toBeNull();
  expect(rankingLabel({ ranking: 12, rankingSource: null, rankingYear: 2026 })).toBeNull();
  expect(rankingLabel({ ranking: 12, rankingSource: "  ", rankingYear: null })).toBeNull();
  expect(rankingDescription({ ranking: 12, rankingSource: null, rankingYear: null })).toBeNull();
});

test("the sort note says where the unranked go", () => {
  expect(RANKING_SORT_NOTE).toBe("Sorted by ranking; unranked universities last.");
});
