import { lastPageOf } from "@/lib/paging";
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
