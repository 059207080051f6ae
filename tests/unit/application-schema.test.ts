import { applicationSchema, statusChangeSchema } from "@/lib/validation/application";

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

test("SPEC §5 messages", () => {
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

test("graduation year runs from 1900 to the current year", () => {
  expect(
    messages({ ...valid, academicHistory: { ...valid.academicHistory, graduationYear: 1899 } })[0][1],
  ).toBe("Enter a year from 1900 to 2026");
  expect(
    messages({ ...valid, academicHistory: { ...valid.academicHistory, graduationYear: 2027 } }),
  ).toHaveLength(1);
  expect(messages({ ...valid, academicHistory: { ...valid.academicHistory, graduationYear: 2026 } })).toEqual(
    [],
  );
  expect(messages({ ...valid, academicHistory: { ...valid.academicHistory, graduationYear: 1900 } })).toEqual(
    [],
  );
});

test("a status change: the dialog's words for a missing status, the allowed values for a wrong one", () => {
  const statusMessage = (input: unknown) => statusChangeSchema.safeParse(input).error?.issues[0].message;
  expect(statusMessage({})).toBe("Choose the new status");
  expect(statusMessage({ status: "done" })).toBe(
    "status must be one of: pending, in-review, rejected, sent-to-university, approved",
  );
  expect(statusChangeSchema.parse({ status: "approved", note: "  " })).toEqual({
    status: "approved",
    note: null,
  });
  expect(statusMessage({ status: "approved", note: "a".repeat(2001) })).toBe(
    "The note must be at most 2000 characters",
  );
});
