import {
  COMPARE_MALFORMED,
  COMPARE_NONE,
  COMPARE_TOO_FEW,
  COMPARE_TOO_MANY,
  parseCompareIds,
} from "@/lib/programs/compare-ids";

test("2 to 4 distinct ids, from a shared link or a form's boxes, in the order given", () => {
  expect(parseCompareIds("3,8,12")).toEqual({ ok: true, ids: [3, 8, 12] });
  expect(parseCompareIds(["3", "8"])).toEqual({ ok: true, ids: [3, 8] });
  expect(parseCompareIds(" 5 , 2 ,")).toEqual({ ok: true, ids: [5, 2] });
  expect(parseCompareIds("1,2,3,4")).toEqual({ ok: true, ids: [1, 2, 3, 4] });
  // A repeated id counts once.
  expect(parseCompareIds("7,7,9")).toEqual({ ok: true, ids: [7, 9] });
});

test.each([
  [undefined, COMPARE_NONE],
  ["", COMPARE_NONE],
  [",,", COMPARE_NONE],
  ["4", COMPARE_TOO_FEW],
  ["4,4", COMPARE_TOO_FEW],
  ["1,2,3,4,5", COMPARE_TOO_MANY],
  ["1,abc", COMPARE_MALFORMED],
  ["1,0x10", COMPARE_MALFORMED],
  ["1,-2", COMPARE_MALFORMED],
  ["1,99999999999", COMPARE_MALFORMED],
])("%j: a message, not an error", (value, message) => {
  expect(parseCompareIds(value)).toEqual({ ok: false, message });
});
