import {
  demoScholarships,
  DEMO_SCHOLARSHIP_PREFIX,
  DEMO_SCHOLARSHIP_PROVIDER,
} from "@/lib/db/seed/scholarships";
import { AMOUNT_INVALID, AMOUNT_TOO_LARGE, amountText, checkAmount } from "@/lib/scholarships/amount";
import { eligibilityLines } from "@/lib/scholarships/eligibility";
import {
  AMOUNT_RANGE_INVALID,
  CURRENCY_REQUIRED,
  isCountryCode,
  NATIONALITY_INVALID,
  OFFICIAL_URL_INVALID,
  SCHOLARSHIP_DEADLINE_INVALID,
  SCHOLARSHIP_DEADLINE_PAST,
  scholarshipSchema,
  STUDY_COUNTRY_WITH_OWNER,
} from "@/lib/validation/scholarship";

// The scholarship form's schema (the form, the API and the import share it): each rule at its
// boundary, with the message on its field; the amount's text; who qualifies in words; and the
// demo scholarships, which must pass the schema and say they are demo data.

const NOW = new Date("2026-11-27T10:00:00Z");
const schema = scholarshipSchema({
  levels: ["Bachelor's", "Master's", "PhD"],
  fields: ["Business", "Law"],
  now: NOW,
});
const valid = {
  name: "Merit Award",
  provider: "Example Fund",
  officialUrl: "https://www.example.org/award",
};
const problems = (input: Record<string, unknown>) => {
  const result = schema.safeParse({ ...valid, ...input });
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
};

test("the least a scholarship needs: a name, a provider and its official page; the rest is empty or any", () => {
  expect(schema.parse(valid)).toMatchObject({
    description: null,
    amountMin: null,
    amountMax: null,
    currency: null,
    nationalities: [],
    levels: [],
    fields: [],
    minGrade: null,
    deadline: null,
    universityId: null,
    programId: null,
    studyCountry: null,
  });
  expect(problems({ name: "" })).toEqual({ name: "Scholarship name is required" });
  expect(problems({ provider: undefined })).toEqual({ provider: "Provider is required" });
  expect(problems({ name: "Two\nlines" })).toEqual({
    name: "Scholarship name must be one line, without tabs or control characters",
  });
  expect(problems({ name: "x".repeat(201) })).toEqual({
    name: "Scholarship name must be at most 200 characters",
  });
});

test.each([
  ["https://www.example.org/a?b=c", true],
  ["http://example.org", true],
  ["javascript:alert(1)", false],
  ["ftp://example.org/file", false],
  ["mailto:funding@example.org", false],
  ["www.example.org", false],
  ["https://", false],
  ["", false],
])("the official page %j is accepted: %s", (officialUrl, accepted) => {
  const found = problems({ officialUrl });
  if (accepted) expect(found).toEqual({});
  else expect(Object.keys(found)).toEqual(["officialUrl"]);
  if (!accepted && officialUrl !== "") expect(found.officialUrl).toBe(OFFICIAL_URL_INVALID);
});

test("an amount or a range: digits, commas, two decimals at most; lowest at most highest; with its currency", () => {
  expect(schema.parse({ ...valid, amountMin: "1,000", amountMax: "1000.00", currency: "eur" })).toMatchObject(
    {
      amountMin: "1000.00",
      amountMax: "1000.00",
      currency: "EUR",
    },
  );
  expect(schema.parse({ ...valid, amountMax: 2500.5, currency: "USD" })).toMatchObject({
    amountMin: null,
    amountMax: "2500.50",
  });
  expect(problems({ amountMin: "1000.01", amountMax: "1000", currency: "USD" })).toEqual({
    amountMax: AMOUNT_RANGE_INVALID,
  });
  expect(problems({ amountMin: "500" })).toEqual({ currency: CURRENCY_REQUIRED });
  expect(problems({ amountMin: "-5", currency: "USD" })).toEqual({ amountMin: `Amount: ${AMOUNT_INVALID}` });
  expect(problems({ amountMin: "1.005", currency: "USD" })).toEqual({
    amountMin: `Amount: ${AMOUNT_INVALID}`,
  });
  expect(problems({ currency: "XYZ" })).toEqual({
    currency: "Currency must be a three-letter ISO 4217 code such as USD, EUR or GBP",
  });
  expect(checkAmount("9,999,999,999.99")).toEqual({ ok: true, value: "9999999999.99" });
  expect(checkAmount("10000000000")).toEqual({ ok: false, message: AMOUNT_TOO_LARGE });
});

test("who qualifies: nationalities as codes, levels and fields of the lists, a grade on the common scale", () => {
  expect(
    schema.parse({ ...valid, nationalities: "ng; ke, KE", levels: "PhD; Master's", fields: [] }),
  ).toMatchObject({
    nationalities: ["KE", "NG"],
    // In the list's order, whatever the order given.
    levels: ["Master's", "PhD"],
  });
  expect(problems({ nationalities: "KE; Kenya" })).toEqual({ nationalities: NATIONALITY_INVALID });
  expect(problems({ nationalities: ["ZZ"] })).toEqual({ nationalities: NATIONALITY_INVALID });
  expect(problems({ levels: ["Postdoc"] })).toEqual({
    levels: "Study levels must be among: Bachelor's, Master's, PhD (not Postdoc)",
  });
  expect(schema.parse({ ...valid, minGrade: "0" }).minGrade).toBe(0);
  expect(schema.parse({ ...valid, minGrade: 100 }).minGrade).toBe(100);
  expect(Object.keys(problems({ minGrade: "100.1" }))).toEqual(["minGrade"]);
  expect(Object.keys(problems({ minGrade: "-1" }))).toEqual(["minGrade"]);
  expect(isCountryCode("DE")).toBe(true);
  expect(isCountryCode("de")).toBe(false);
});

test("the deadline: a day, or an ISO date-time's UTC date; not before yesterday (UTC) unless it is the current one", () => {
  expect(schema.parse({ ...valid, deadline: "2027-03-15" }).deadline).toEqual(
    new Date("2027-03-15T00:00:00Z"),
  );
  expect(schema.parse({ ...valid, deadline: "2027-03-15T22:00:00-05:00" }).deadline).toEqual(
    new Date("2027-03-16T00:00:00Z"),
  );
  // Yesterday in UTC is someone's today; the day before is past.
  expect(problems({ deadline: "2026-11-26" })).toEqual({});
  expect(problems({ deadline: "2026-11-25" })).toEqual({ deadline: SCHOLARSHIP_DEADLINE_PAST });
  expect(problems({ deadline: "2027-02-30" })).toEqual({ deadline: SCHOLARSHIP_DEADLINE_INVALID });
  expect(problems({ deadline: "15/03/2027" })).toEqual({ deadline: SCHOLARSHIP_DEADLINE_INVALID });
  const editing = scholarshipSchema({
    levels: [],
    fields: [],
    now: NOW,
    currentDeadline: "2026-01-10T00:00:00.000Z",
  });
  expect(editing.safeParse({ ...valid, deadline: "2026-01-10" }).success).toBe(true);
  expect(editing.safeParse({ ...valid, deadline: "2026-01-11" }).success).toBe(false);
});

test("what it belongs to: a university, a program, or neither with a country of study", () => {
  expect(schema.parse({ ...valid, universityId: "12", programId: "" })).toMatchObject({
    universityId: 12,
    programId: null,
  });
  expect(schema.parse({ ...valid, studyCountry: "de" }).studyCountry).toBe("DE");
  expect(problems({ programId: "7", studyCountry: "DE" })).toEqual({
    studyCountry: STUDY_COUNTRY_WITH_OWNER,
  });
  expect(Object.keys(problems({ universityId: "abc" }))).toEqual(["universityId"]);
  expect(Object.keys(problems({ programId: 0 }))).toEqual(["programId"]);
});

test("the amount and who qualifies in words", () => {
  expect(amountText({ amountMin: "5000.00", amountMax: "10000.00", currency: "EUR" })).toBe(
    "€5,000 to €10,000",
  );
  expect(amountText({ amountMin: "5000.00", amountMax: "5000.00", currency: "EUR" })).toBe("€5,000");
  expect(amountText({ amountMin: "5000.50", amountMax: null, currency: "GBP" })).toBe("£5,000.50");
  expect(amountText({ amountMin: null, amountMax: "1500.00", currency: "USD" })).toBe("Up to $1,500");
  expect(amountText({ amountMin: null, amountMax: null, currency: null })).toBeNull();
  expect(eligibilityLines({ nationalities: [], levels: [], fields: ["Law"], minGrade: null })).toEqual([
    ["Nationality", "Any nationality"],
    ["Level", "Any level"],
    ["Field", "Law"],
    ["Minimum grade", "Not stated"],
  ]);
  expect(
    eligibilityLines({ nationalities: ["KE", "NG"], levels: ["PhD"], fields: [], minGrade: 62.5 })[0],
  ).toEqual(["Nationality", "Kenya, Nigeria"]);
});

test("the demo scholarships pass the schema, say they are demo data, and are the same on every seed", () => {
  const demo = demoScholarships(NOW, { name: "Riverside University" });
  expect(demo).toHaveLength(6);
  for (const scholarship of demo) {
    expect(scholarship.name.startsWith(DEMO_SCHOLARSHIP_PREFIX)).toBe(true);
    expect(scholarship.provider).toBe(DEMO_SCHOLARSHIP_PROVIDER);
    expect(new URL(scholarship.officialUrl).hostname).toBe("example.org");
    const parsed = scholarshipSchema({
      levels: ["Bachelor's", "Master's", "PhD"],
      fields: ["Engineering"],
      now: NOW,
    }).safeParse({ ...scholarship, deadline: scholarship.deadline?.toISOString() ?? null });
    expect(parsed.success).toBe(true);
  }
  expect(demoScholarships(NOW, null).every((s) => s.owner === "none")).toBe(true);
  expect(demoScholarships(NOW, { name: "Riverside University" })).toEqual(demo);
});
