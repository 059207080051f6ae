import { APPLICATION_STATUSES } from "@/lib/applications/status";
import { applicationSchema, statusChangeSchema } from "@/lib/validation/application";
import { isStorable } from "@/lib/validation/storable-text";
import { clipText } from "@/lib/validation/text";

const now = new Date("2026-11-21T12:00:00Z");
const valid = {
  programId: 7,
  personalStatement: "a".repeat(500),
  academicHistory: { institution: "Riverside High", degree: "Diploma", gpa: "3.7", graduationYear: "2024" },
};
const messages = (input: unknown) =>
  applicationSchema(now)
    .safeParse(input)
    .error?.issues.map((i) => [i.path.join("."), i.message]) ?? [];

test("a complete application passes, with the year as a number", () => {
  const parsed = applicationSchema(now).parse(valid);
  expect(parsed.academicHistory.graduationYear).toBe(2024);
});

test("the application form's messages", () => {
  expect(messages({ ...valid, personalStatement: "a".repeat(499) })).toEqual([
    ["personalStatement", "Personal statement must be at least 500 characters"],
  ]);
  expect(messages({ ...valid, personalStatement: "a".repeat(5001) })).toEqual([
    ["personalStatement", "Personal statement cannot exceed 5000 characters"],
  ]);
  expect(
    messages({ ...valid, academicHistory: { institution: "", degree: " ", gpa: "", graduationYear: "" } }),
  ).toEqual([
    ["academicHistory.institution", "Institution is required"],
    ["academicHistory.degree", "Degree is required"],
    ["academicHistory.gpa", "GPA is required"],
    ["academicHistory.graduationYear", "Graduation year is required"],
  ]);
});

test("graduation year runs from 1900 to a few years ahead, for students still at school", () => {
  expect(
    messages({ ...valid, academicHistory: { ...valid.academicHistory, graduationYear: 1899 } })[0][1],
  ).toBe("Enter a year from 1900 to 2032");
  expect(
    messages({ ...valid, academicHistory: { ...valid.academicHistory, graduationYear: 2033 } }),
  ).toHaveLength(1);
  for (const year of [2026, 2027, 2032]) {
    expect(
      messages({ ...valid, academicHistory: { ...valid.academicHistory, graduationYear: year } }),
    ).toEqual([]);
  }
  expect(messages({ ...valid, academicHistory: { ...valid.academicHistory, graduationYear: 1900 } })).toEqual(
    [],
  );
});

test("a status change: the dialog's words for a missing status, the allowed values for a wrong one", () => {
  const statusMessage = (input: unknown) => statusChangeSchema.safeParse(input).error?.issues[0].message;
  expect(statusMessage({})).toBe("Choose the new status");
  expect(statusMessage({ status: "done" })).toBe(`status must be one of: ${APPLICATION_STATUSES.join(", ")}`);
  expect(statusChangeSchema.parse({ status: "approved", note: "  " })).toEqual({
    status: "approved",
    note: null,
  });
  expect(statusMessage({ status: "approved", note: "a".repeat(2001) })).toBe(
    "The note must be at most 2000 characters",
  );
});

describe("the statement counts what a person sees", () => {
  const statementMessages = (personalStatement: string) =>
    messages({ ...valid, personalStatement }).map(([, message]) => message);
  const TOO_SHORT = "Personal statement must be at least 500 characters";
  const TOO_LONG = "Personal statement cannot exceed 5000 characters";

  test("blank space is not a statement, and padding does not count", () => {
    expect(statementMessages(" ".repeat(250) + "\n".repeat(250))).toEqual([TOO_SHORT]);
    expect(statementMessages("\t \u00a0\n".repeat(200))).toEqual([TOO_SHORT]);
    // 250 words of one letter, each followed by a run of spaces: 499 as read.
    expect(statementMessages("a    ".repeat(250))).toEqual([TOO_SHORT]);
    expect(statementMessages("a b\n\n".repeat(100))).toEqual([TOO_SHORT]);
    expect(statementMessages("ab\n\n\ncd ".repeat(100))).toEqual([]);
  });

  test("an emoji or an accent typed as two code points is one character", () => {
    expect(statementMessages("a".repeat(498) + "👍")).toEqual([TOO_SHORT]);
    expect(statementMessages("a".repeat(499) + "👍")).toEqual([]);
    expect(statementMessages("e\u0301".repeat(499))).toEqual([TOO_SHORT]);
    expect(statementMessages("e\u0301".repeat(500))).toEqual([]);
    expect(statementMessages("a".repeat(4990) + "👍".repeat(10))).toEqual([]);
    expect(statementMessages("a".repeat(4990) + "👍".repeat(11))).toEqual([TOO_LONG]);
    expect(statementMessages("🇩🇪".repeat(5000))).toEqual([]);
  });

  test("a statement padded past four code units a character is refused as too long", () => {
    expect(statementMessages("a".repeat(600) + " ".repeat(19_400))).toEqual([]);
    expect(statementMessages("a".repeat(600) + " ".repeat(19_401))).toEqual([TOO_LONG]);
  });
});

test("a grade in any common format is kept whole; a longer one is refused with its limit", () => {
  for (const gpa of [
    "3.8 / 4.0",
    "Upper Second Class (2:1)",
    "1,7 (gut)",
    "First Class Honours with Distinction",
  ]) {
    expect(
      applicationSchema(now).parse({ ...valid, academicHistory: { ...valid.academicHistory, gpa } })
        .academicHistory.gpa,
    ).toBe(gpa);
  }
  expect(messages({ ...valid, academicHistory: { ...valid.academicHistory, gpa: "x".repeat(61) } })).toEqual([
    ["academicHistory.gpa", "GPA must be at most 60 characters"],
  ]);
  expect(
    messages({ ...valid, academicHistory: { ...valid.academicHistory, institution: "x".repeat(201) } }),
  ).toEqual([["academicHistory.institution", "Institution must be at most 200 characters"]]);
});

test("a draft's text clipped to its limit keeps whole characters: never half an emoji", () => {
  expect(clipText("abc", 5)).toBe("abc");
  expect(clipText("abcdef", 4)).toBe("abcd");
  // "😀" is two code units: a cut between them drops it, and the result is text PostgreSQL stores.
  expect(clipText("ab😀", 3)).toBe("ab");
  expect(clipText("ab😀", 4)).toBe("ab😀");
  expect(clipText("1😀😀", 4)).toBe("1😀");
  for (let max = 1; max <= 8; max++) expect(isStorable(clipText("😀é🎓x🏳️‍🌈", max))).toBe(true);
});
