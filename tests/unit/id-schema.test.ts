import { idSchema } from "@/lib/validation/common";

const MESSAGE = "The id must be a positive whole number";

test("digits and positive whole numbers up to PostgreSQL's integer are ids", () => {
  expect(idSchema.parse("7")).toBe(7);
  expect(idSchema.parse("0042")).toBe(42);
  expect(idSchema.parse("2147483647")).toBe(2_147_483_647);
  expect(idSchema.parse(12)).toBe(12);
});

test("anything Number() would read but is not plain digits is refused with the same message", () => {
  for (const value of [
    "0x10",
    "1e3",
    " 7",
    "7 ",
    "+7",
    "-1",
    "0",
    "1.5",
    "",
    "2147483648",
    "99999999999",
    "٣",
  ]) {
    const result = idSchema.safeParse(value);
    expect([value, result.success]).toEqual([value, false]);
    expect(result.error?.issues[0]?.message).toBe(MESSAGE);
  }
  for (const value of [0, -3, 1.5, Number.NaN, Infinity, 2_147_483_648, null, undefined, true, [], {}]) {
    const result = idSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(MESSAGE);
  }
});
