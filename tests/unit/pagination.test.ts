import { lastPageOf, resultsSummary } from "@/lib/paging";
import { pageWindow } from "@/components/search/pagination";

test("shows first, last and the neighbours of the current page, with gaps", () => {
  expect(pageWindow(1, 1)).toEqual([1]);
  expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
  expect(pageWindow(1, 513)).toEqual([1, 2, "gap", 513]);
  expect(pageWindow(50, 513)).toEqual([1, "gap", 49, 50, 51, "gap", 513]);
  expect(pageWindow(513, 513)).toEqual([1, "gap", 512, 513]);
  expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
});

describe("list paging", () => {
  test("the last page of a total; 1 when there is nothing", () => {
    expect(lastPageOf(0)).toBe(1);
    expect(lastPageOf(20)).toBe(1);
    expect(lastPageOf(21)).toBe(2);
    expect(lastPageOf(56_496)).toBe(2_825);
    expect(lastPageOf(25, 10)).toBe(3);
  });
});

test("the count above the results gives a range only for rows on the page", () => {
  expect(resultsSummary({ page: 1, pageSize: 20, shown: 20, total: 10_252 })).toBe("Items 1–20 of 10,252");
  expect(resultsSummary({ page: 513, pageSize: 20, shown: 12, total: 10_252 })).toBe(
    "Items 10,241–10,252 of 10,252",
  );
  // Past the last page: no "Items 0–10260 of 10,252".
  expect(resultsSummary({ page: 514, pageSize: 20, shown: 0, total: 10_252 })).toBe("Items 0 of 10,252");
  expect(resultsSummary({ page: 1, pageSize: 20, shown: 0, total: 0 })).toBe("Items 0 of 0");
  expect(resultsSummary({ page: 1, pageSize: 20, shown: 1, total: 1 })).toBe("Items 1–1 of 1");
});
