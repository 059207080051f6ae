import { toScholarshipCriteria } from "@/lib/scholarships/criteria";
import { scholarshipSearchQuery } from "@/lib/scholarships/search-params";
import { UNSTORABLE_TEXT } from "@/lib/validation/storable-text";
import { canonicalSearch, describeSearch, savedSearchPath, searchValues } from "@/lib/saved-searches/kinds";

// The scholarship search's query (the API's reading of its keys) and the conditions made from it;
// the saved scholarship search's canonical form.

const read = (query: Record<string, string>) => scholarshipSearchQuery.apiSchema.safeParse(query);

test("the keys' defaults make no condition at all", () => {
  const parsed = read({});
  expect(parsed.success && parsed.data).toMatchObject({ sort: "deadline", limit: 50, offset: 0 });
  const {
    sort: _sort,
    limit: _limit,
    offset: _offset,
    ...filters
  } = parsed.success ? parsed.data : ({} as never);
  expect(toScholarshipCriteria(filters)).toEqual({});
  expect(
    toScholarshipCriteria({
      q: "  ",
      country: "all",
      university: 0,
      level: "all",
      nationality: "all",
      grade: 0,
    }),
  ).toEqual({});
});

test("each filter becomes its condition: codes in capitals, text trimmed", () => {
  const parsed = read({
    q: " daad ",
    country: "de",
    university: "12",
    level: "Master's",
    field: "Law",
    nationality: "ke",
    grade: "65",
    open: "TRUE",
  });
  expect(parsed.success).toBe(true);
  const {
    sort: _sort,
    limit: _limit,
    offset: _offset,
    ...filters
  } = parsed.success ? parsed.data : ({} as never);
  expect(toScholarshipCriteria(filters)).toEqual({
    text: "daad",
    countryCode: "DE",
    universityId: 12,
    level: "Master's",
    field: "Law",
    nationality: "KE",
    grade: 65,
    open: true,
  });
});

test.each([
  ["grade", "101", "grade must be a whole number from 0 to 100"],
  ["grade", "6.5", "grade must be a whole number from 0 to 100"],
  ["nationality", "KEN", "nationality must be a two-letter country code or 'all'"],
  ["university", "-1", "university must be a whole number from 1 to 2147483647"],
  ["sort", "amount", "sort must be one of: deadline, name"],
  ["q", "x".repeat(201), "q must be at most 200 characters"],
  ["level", "a\u0000b", UNSTORABLE_TEXT],
])("?%s=%j is refused: %s", (key, value, message) => {
  const parsed = read({ [key]: value });
  expect(parsed.success).toBe(false);
  if (!parsed.success) expect(parsed.error.issues[0].message).toBe(message);
});

test("a saved scholarship search keeps its filters only, canonical, in order", () => {
  const canonical = canonicalSearch(
    "scholarships",
    "?sort=name&page=3&open=true&nationality=ke&grade=0&level=all&q=%20Fund%20",
  );
  expect(canonical).toEqual({
    ok: true,
    query: "nationality=KE&open=true&q=Fund",
    filters: { nationality: "KE", open: "true", q: "Fund" },
  });
  expect(canonicalSearch("scholarships", "grade=200")).toEqual({
    ok: false,
    message: "grade must be a whole number from 0 to 100",
  });
  expect(searchValues("scholarships", "grade=60&nationality=KE")).toMatchObject({
    grade: 60,
    nationality: "KE",
  });
  expect(savedSearchPath("scholarships", "nationality=KE")).toBe("/scholarships?nationality=KE");
  expect(describeSearch("scholarships", "grade=60&nationality=KE&university=7")).toBe(
    "Scholarships: for a grade of 60, open to nationality KE, of university #7",
  );
});
