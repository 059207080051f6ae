import { PROGRAM_FIELDS, STUDY_LEVELS } from "@/lib/constants";
import {
  DEADLINE_INVALID,
  DEADLINE_PAST,
  DEADLINE_REQUIRED,
  dayFromDeadline,
  deadlineFromDay,
  earliestDeadline,
  isBeforeToday,
  programSchema,
} from "@/lib/validation/program";

const NOW = new Date("2026-11-21T10:00:00.000Z");
const schema = programSchema({ levels: STUDY_LEVELS, fields: PROGRAM_FIELDS, now: NOW });

/** The form's values of a valid program (strings, as the form holds them). */
const valid = {
  name: "Data Science",
  universityId: "42",
  level: "Master's",
  field: "Computer Science",
  degree: "MSc",
  duration: "2",
  tuition: "12,000.50",
  deadline: "2027-03-15T00:00:00.000Z",
  description: "Statistics, machine learning and a research project.",
};

/** The messages per field when parsing `values`. */
function errorsOf(values: Record<string, unknown>, s = schema): Record<string, string[]> {
  const result = s.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[issue.path.join(".")] ??= []).push(issue.message);
  return errors;
}

test("a valid form parses to what the server writes", () => {
  expect(schema.parse(valid)).toEqual({
    name: "Data Science",
    universityId: 42,
    level: "Master's",
    field: "Computer Science",
    degree: "MSc",
    duration: 2,
    tuition: "12000.50",
    deadline: new Date("2027-03-15T00:00:00.000Z"),
    description: "Statistics, machine learning and a research project.",
  });
});

test("API clients may send numbers for universityId, duration and tuition, and trimmed text", () => {
  const parsed = schema.parse({ ...valid, universityId: 42, duration: 2, tuition: 9500, name: "  Law  " });
  expect(parsed).toMatchObject({ universityId: 42, duration: 2, tuition: "9500.00", name: "Law" });
});

test("every field left empty gives SPEC's required messages", () => {
  const empty = Object.fromEntries(Object.keys(valid).map((key) => [key, ""]));
  expect(errorsOf(empty)).toEqual({
    name: ["Program name is required"],
    description: ["Description is required"],
    level: ["Study level is required"],
    field: ["Study field is required"],
    degree: ["Degree is required"],
    duration: ["Duration is required"],
    universityId: ["University is required"],
    tuition: ["Please enter a valid amount (e.g., 12,000.00)"],
    deadline: [DEADLINE_REQUIRED],
  });
});

test("missing fields (an API body without them) give the same messages", () => {
  expect(errorsOf({})).toEqual({
    name: ["Program name is required"],
    description: ["Description is required"],
    level: ["Study level is required"],
    field: ["Study field is required"],
    degree: ["Degree is required"],
    duration: ["Duration is required"],
    universityId: ["University is required"],
    tuition: ["Please enter a valid amount (e.g., 12,000.00)"],
    deadline: [DEADLINE_REQUIRED],
  });
});

test("blank text counts as empty", () => {
  expect(errorsOf({ ...valid, name: "   ", description: "\n\t" })).toEqual({
    name: ["Program name is required"],
    description: ["Description is required"],
  });
});

test("level and field must be in the lists given (the database's), degree and duration fixed options", () => {
  expect(errorsOf({ ...valid, level: "Diploma", field: "Astrology", degree: "BIT", duration: "7" })).toEqual({
    level: ["Study level must be one of: Bachelor's, Master's, PhD"],
    field: [`Study field must be one of: ${PROGRAM_FIELDS.join(", ")}`],
    degree: [expect.stringMatching(/^Degree must be one of: BA, BSc, /)],
    duration: ["Duration must be one of: 1, 2, 3, 4, 5, 6 years"],
  });
  expect(errorsOf({ ...valid, duration: "2.5" })).toHaveProperty("duration");
  expect(errorsOf({ ...valid, duration: "two" })).toHaveProperty("duration");
});

test("a list edited in settings changes what is accepted", () => {
  const edited = programSchema({ levels: ["Diploma", "PhD"], fields: ["Astrology"], now: NOW });
  expect(errorsOf({ ...valid, level: "Diploma", field: "Astrology" }, edited)).toEqual({});
  expect(errorsOf(valid, edited)).toEqual({
    level: ["Study level must be one of: Diploma, PhD"],
    field: ["Study field must be one of: Astrology"],
  });
});

test("tuition: SPEC's message for a malformed amount, another for one too large", () => {
  for (const tuition of ["12.345", "abc", "1.2.3", "-100"]) {
    expect(errorsOf({ ...valid, tuition })).toEqual({
      tuition: ["Please enter a valid amount (e.g., 12,000.00)"],
    });
  }
  expect(errorsOf({ ...valid, tuition: "100,000,000.00" })).toEqual({
    tuition: ["Tuition cannot exceed 99,999,999.99"],
  });
  expect(schema.parse({ ...valid, tuition: "99,999,999.99" }).tuition).toBe("99999999.99");
});

test("universityId must be a positive whole number", () => {
  for (const universityId of ["abc", "-1", "0", "1.5", "99999999999"]) {
    expect(errorsOf({ ...valid, universityId })).toEqual({
      universityId: ["Please select a valid university"],
    });
  }
});

test("name and description have length limits", () => {
  expect(errorsOf({ ...valid, name: "x".repeat(201), description: "y".repeat(5001) })).toEqual({
    name: ["Program name must be at most 200 characters"],
    description: ["Description must be at most 5000 characters"],
  });
});

describe("deadline", () => {
  test("accepts an ISO date-time with Z or an offset, or a Date, and gives a Date", () => {
    expect(schema.parse({ ...valid, deadline: "2027-03-15T09:30:00+02:00" }).deadline).toEqual(
      new Date("2027-03-15T07:30:00.000Z"),
    );
    expect(schema.parse({ ...valid, deadline: new Date("2027-01-01T00:00:00Z") }).deadline).toEqual(
      new Date("2027-01-01T00:00:00Z"),
    );
  });

  test.each(["2027-03-15", "15/03/2027", "tomorrow", "2027-02-30T00:00:00Z", "2027-03-15T00:00:00"])(
    "refuses %p",
    (deadline) => {
      expect(errorsOf({ ...valid, deadline })).toEqual({ deadline: [DEADLINE_INVALID] });
    },
  );

  test("refuses a day in the past, with one day of slack for time zones behind UTC", () => {
    expect(earliestDeadline(NOW).toISOString()).toBe("2026-11-20T00:00:00.000Z");
    expect(errorsOf({ ...valid, deadline: "2026-11-20T00:00:00.000Z" })).toEqual({});
    expect(errorsOf({ ...valid, deadline: "2026-11-21T00:00:00.000Z" })).toEqual({});
    expect(errorsOf({ ...valid, deadline: "2026-11-19T23:59:59.999Z" })).toEqual({
      deadline: [DEADLINE_PAST],
    });
    expect(errorsOf({ ...valid, deadline: "2020-01-01T00:00:00.000Z" })).toEqual({
      deadline: [DEADLINE_PAST],
    });
  });

  test("editing may keep a deadline that has passed, but not move it to another past day", () => {
    const old = "2026-01-10T00:00:00.000Z";
    const editing = programSchema({
      levels: STUDY_LEVELS,
      fields: PROGRAM_FIELDS,
      now: NOW,
      currentDeadline: old,
    });
    expect(errorsOf({ ...valid, deadline: old }, editing)).toEqual({});
    expect(errorsOf({ ...valid, deadline: "2026-01-11T00:00:00.000Z" }, editing)).toEqual({
      deadline: [DEADLINE_PAST],
    });
  });
});

describe("the calendar's days", () => {
  test("days before today are disabled, today and later are not", () => {
    const now = new Date(2026, 10, 21, 15, 30);
    expect(isBeforeToday(new Date(2026, 10, 20), now)).toBe(true);
    expect(isBeforeToday(new Date(2025, 11, 31), now)).toBe(true);
    expect(isBeforeToday(new Date(2026, 10, 21), now)).toBe(false);
    expect(isBeforeToday(new Date(2026, 10, 22), now)).toBe(false);
  });

  test("a chosen day is sent as that date at midnight UTC, and read back as the same day", () => {
    const day = new Date(2027, 2, 15);
    const iso = deadlineFromDay(day);
    expect(iso).toBe("2027-03-15T00:00:00.000Z");
    expect(dayFromDeadline(iso)).toEqual(day);
    expect(dayFromDeadline("2027-12-31T00:00:00.000Z")).toEqual(new Date(2027, 11, 31));
    expect(dayFromDeadline("nonsense")).toBeUndefined();
  });

  test("the day sent for today is accepted by the schema", () => {
    const now = new Date();
    const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
    const fresh = programSchema({ levels: STUDY_LEVELS, fields: PROGRAM_FIELDS, now });
    expect(errorsOf({ ...valid, deadline: deadlineFromDay(today) }, fresh)).toEqual({});
  });
});

describe("the documents and references a program asks for", () => {
  const withTypes = programSchema({
    levels: STUDY_LEVELS,
    fields: PROGRAM_FIELDS,
    documentTypes: ["Transcript", "Passport", "CV"],
    now: NOW,
  });

  test("left out, they stay undefined (an edit keeps what the program asks for)", () => {
    const parsed = withTypes.parse(valid);
    expect(parsed.requiredDocuments).toBeUndefined();
    expect(parsed.optionalDocuments).toBeUndefined();
    expect(parsed.referencesRequired).toBeUndefined();
  });

  test("known types, each in one list, and 0 to 5 references are accepted", () => {
    const parsed = withTypes.parse({
      ...valid,
      requiredDocuments: ["Transcript", "Passport"],
      optionalDocuments: ["CV"],
      referencesRequired: "2",
    });
    expect(parsed).toMatchObject({
      requiredDocuments: ["Transcript", "Passport"],
      optionalDocuments: ["CV"],
      referencesRequired: 2,
    });
  });

  test("unknown types, a type in both lists or twice, and references out of range are refused", () => {
    expect(errorsOf({ ...valid, requiredDocuments: ["Horoscope"] }, withTypes)).toEqual({
      requiredDocuments: ["Required documents: not a document type: Horoscope"],
    });
    expect(errorsOf({ ...valid, requiredDocuments: ["CV"], optionalDocuments: ["CV"] }, withTypes)).toEqual({
      optionalDocuments: ["A document is either required or optional, not both: CV"],
    });
    expect(errorsOf({ ...valid, optionalDocuments: ["CV", "CV"] }, withTypes)).toEqual({
      optionalDocuments: ["Optional documents: a document type is listed twice"],
    });
    for (const references of ["6", "-1", "1.5", "many"]) {
      expect(errorsOf({ ...valid, referencesRequired: references }, withTypes)).toEqual({
        referencesRequired: ["References must be a whole number from 0 to 5"],
      });
    }
  });
});
