import { formatFileSize, formatMegabytes, MEGABYTE } from "@/lib/documents/limits";

// Sizes as a person reads them: a limit in megabytes, a file in kilobytes until it reaches one.

test.each([
  [1, "1 KB"],
  [1536, "2 KB"],
  [240 * 1024, "240 KB"],
  [MEGABYTE, "1 MB"],
  [2.5 * MEGABYTE, "2.5 MB"],
])("a file of %d bytes reads %s", (bytes, text) => {
  expect(formatFileSize(bytes)).toBe(text);
});

test("limits stay in megabytes", () => {
  expect(formatMegabytes(10 * MEGABYTE)).toBe("10 MB");
  expect(formatMegabytes(MEGABYTE / 2)).toBe("0.5 MB");
});
