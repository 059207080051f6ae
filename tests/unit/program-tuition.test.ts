import {
  caretAfterFormat,
  checkTuition,
  formatTuitionInput,
  TUITION_MESSAGE,
  TUITION_TOO_LARGE,
  tuitionToInput,
} from "@/lib/programs/tuition";

/** What the box shows after typing `keys` one by one into an empty box. */
function typeInto(keys: string): string {
  let value = "";
  for (const key of keys) value = formatTuitionInput(value + key);
  return value;
}

describe("formatTuitionInput (as the admin types)", () => {
  test("inserts thousands commas while typing", () => {
    expect(typeInto("1")).toBe("1");
    expect(typeInto("1234")).toBe("1,234");
    expect(typeInto("12000")).toBe("12,000");
    expect(typeInto("1234567")).toBe("1,234,567");
    expect(typeInto("12000.50")).toBe("12,000.50");
  });

  test.each([
    ["12a3", "123"],
    ["$1,2 3-4", "1,234"],
    ["abc", ""],
    ["", ""],
    ["-5", "5"],
    ["1e5", "15"],
  ])("keeps only digits: %p -> %p", (raw, shown) => {
    expect(formatTuitionInput(raw)).toBe(shown);
  });

  test("keeps the first decimal point only", () => {
    expect(typeInto("1.2.3")).toBe("1.23");
    expect(formatTuitionInput("1..5")).toBe("1.5");
    expect(formatTuitionInput("12.")).toBe("12.");
  });

  test("keeps at most two decimals", () => {
    expect(typeInto("12.345")).toBe("12.34");
    expect(formatTuitionInput("1234.5678")).toBe("1,234.56");
  });

  test("drops leading zeros but keeps a lone zero before the point", () => {
    expect(typeInto("007")).toBe("7");
    expect(typeInto("0012000")).toBe("12,000");
    expect(typeInto("00")).toBe("0");
    expect(typeInto("0.5")).toBe("0.5");
    expect(typeInto(".5")).toBe("0.5");
    expect(formatTuitionInput("000.75")).toBe("0.75");
  });

  test("re-formats a pasted or edited value with commas in the wrong places", () => {
    expect(formatTuitionInput("1,2345")).toBe("12,345");
    expect(formatTuitionInput("12,000.00")).toBe("12,000.00");
  });

  test("shows a stored tuition with commas", () => {
    expect(tuitionToInput("12000.00")).toBe("12,000.00");
    expect(tuitionToInput("99999999.99")).toBe("99,999,999.99");
    expect(tuitionToInput("0.00")).toBe("0.00");
  });
});

describe("caretAfterFormat", () => {
  test("stays after the digit just typed when a comma is inserted before it", () => {
    // "123|" + "4" -> "1,234|"
    expect(caretAfterFormat("1234", 4, "1,234")).toBe(5);
    // "1,2|34" typing 5: raw "1,2534" with the caret at 4 -> "12,5|34"
    expect(caretAfterFormat("1,2534", 4, "12,534")).toBe(4);
  });

  test("goes to the start when the typed zero is dropped", () => {
    expect(caretAfterFormat("012", 1, "12")).toBe(0);
  });

  test("ignores characters that were refused", () => {
    expect(caretAfterFormat("12a", 3, "12")).toBe(2);
    expect(caretAfterFormat(".5", 1, "0.5")).toBe(2);
  });
});

describe("checkTuition (commas stripped, digits with up to two decimals, Decimal(10, 2))", () => {
  test.each([
    ["12,000.00", "12000.00"],
    ["12000", "12000.00"],
    ["12,000.5", "12000.50"],
    ["0", "0.00"],
    ["0.99", "0.99"],
    ["007", "7.00"],
    [" 1,234 ", "1234.00"],
    ["99,999,999.99", "99999999.99"],
    [12000, "12000.00"],
    [12345.5, "12345.50"],
  ])("accepts %p as %p", (input, value) => {
    expect(checkTuition(input)).toEqual({ ok: true, value });
  });

  test.each(["", "   ", "abc", "12.345", "1.2.3", "-5", ".5", "12.", "1e5", "$100", Number.NaN, -1, 1.234])(
    "refuses %p with SPEC's message",
    (input) => {
      expect(checkTuition(input)).toEqual({ ok: false, message: TUITION_MESSAGE });
    },
  );

  test("refuses amounts that do not fit Decimal(10, 2)", () => {
    expect(checkTuition("100,000,000")).toEqual({ ok: false, message: TUITION_TOO_LARGE });
    expect(checkTuition("123456789.00")).toEqual({ ok: false, message: TUITION_TOO_LARGE });
    expect(checkTuition(1e9)).toEqual({ ok: false, message: TUITION_TOO_LARGE });
    expect(TUITION_TOO_LARGE).toBe("Tuition cannot exceed 99,999,999.99");
  });
});
