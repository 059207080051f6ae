import { pageWindow } from "@/components/search/pagination";

test("shows first, last and the neighbours of the current page, with gaps", () => {
  expect(pageWindow(1, 1)).toEqual([1]);
  expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
  expect(pageWindow(1, 513)).toEqual([1, 2, "gap", 513]);
  expect(pageWindow(50, 513)).toEqual([1, "gap", 49, 50, 51, "gap", 513]);
  expect(pageWindow(513, 513)).toEqual([1, "gap", 512, 513]);
  expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
});
