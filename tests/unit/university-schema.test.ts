import {
  MAX_GALLERY_IMAGES,
  RANKING_REQUIRED,
  RANKING_SOURCE_REQUIRED,
  universitySchema,
} from "@/lib/validation/university";

// The University form: the messages the form and the API both show.

const valid = {
  name: "University of Example",
  country: "NZ",
  ranking: "",
  description: "",
  mainImage: null,
  images: [],
};

function messages(input: unknown): Record<string, string[]> {
  const result = universitySchema.safeParse(input);
  if (result.success) return {};
  const byField: Record<string, string[]> = {};
  for (const issue of result.error.issues) (byField[issue.path.join(".")] ??= []).push(issue.message);
  return byField;
}

test("a filled form passes; empty optional fields become null and no images an empty list", () => {
  expect(universitySchema.parse(valid)).toEqual({
    name: "University of Example",
    country: "NZ",
    ranking: null,
    rankingSource: null,
    rankingYear: null,
    description: null,
    mainImage: null,
    images: [],
  });
  expect(universitySchema.parse({ name: "A", country: "France" })).toMatchObject({
    ranking: null,
    images: [],
  });
});

test("name is required: 'University name is required' (blank, spaces only, missing)", () => {
  expect(messages({ ...valid, name: "" }).name).toEqual(["University name is required"]);
  expect(messages({ ...valid, name: "   " }).name).toEqual(["University name is required"]);
  expect(messages({ ...valid, name: undefined }).name).toEqual(["University name is required"]);
});

test("country is required: 'Country is required'", () => {
  expect(messages({ ...valid, country: "" }).country).toEqual(["Country is required"]);
  expect(messages({ ...valid, country: undefined }).country).toEqual(["Country is required"]);
});

test("ranking: empty is null, a whole number is kept, anything else is refused", () => {
  const source = { rankingSource: "QS" };
  expect(universitySchema.parse({ ...valid, ...source, ranking: "12" }).ranking).toBe(12);
  expect(universitySchema.parse({ ...valid, ...source, ranking: 7 }).ranking).toBe(7);
  expect(universitySchema.parse({ ...valid, ranking: null }).ranking).toBeNull();
  expect(universitySchema.parse({ ...valid, ranking: "  " }).ranking).toBeNull();
  expect(messages({ ...valid, ranking: "1.5" }).ranking).toEqual(["Ranking must be a whole number"]);
  expect(messages({ ...valid, ranking: 2.5 }).ranking).toEqual(["Ranking must be a whole number"]);
  expect(messages({ ...valid, ranking: "ten" }).ranking).toEqual(["Ranking must be a whole number"]);
  expect(messages({ ...valid, ranking: "0" }).ranking).toEqual(["Ranking must be 1 or more"]);
});

test("a ranking needs its source; the year is optional; a source or year needs a ranking", () => {
  expect(
    universitySchema.parse({ ...valid, ranking: "45", rankingSource: " QS ", rankingYear: "2026" }),
  ).toMatchObject({
    ranking: 45,
    rankingSource: "QS",
    rankingYear: 2026,
  });
  expect(
    universitySchema.parse({ ...valid, ranking: 3, rankingSource: "THE", rankingYear: "" }).rankingYear,
  ).toBeNull();
  expect(messages({ ...valid, ranking: "45" }).rankingSource).toEqual([RANKING_SOURCE_REQUIRED]);
  expect(messages({ ...valid, ranking: "45", rankingSource: "   " }).rankingSource).toEqual([
    RANKING_SOURCE_REQUIRED,
  ]);
  expect(messages({ ...valid, rankingSource: "QS" }).ranking).toEqual([RANKING_REQUIRED]);
  expect(messages({ ...valid, rankingYear: 2026 }).ranking).toEqual([RANKING_REQUIRED]);
  expect(messages({ ...valid, ranking: 1, rankingSource: "x".repeat(101) }).rankingSource).toEqual([
    "Ranking source must be at most 100 characters",
  ]);
});

test("ranking year: a whole year from 1900 to next year", () => {
  const ranked = { ...valid, ranking: 1, rankingSource: "QS" };
  const next = new Date().getUTCFullYear() + 1;
  expect(universitySchema.parse({ ...ranked, rankingYear: 1900 }).rankingYear).toBe(1900);
  expect(universitySchema.parse({ ...ranked, rankingYear: String(next) }).rankingYear).toBe(next);
  const range = [`Ranking year must be from 1900 to ${next}`];
  expect(messages({ ...ranked, rankingYear: 1899 }).rankingYear).toEqual(range);
  expect(messages({ ...ranked, rankingYear: next + 1 }).rankingYear).toEqual(range);
  expect(messages({ ...ranked, rankingYear: "2025.5" }).rankingYear).toEqual([
    "Ranking year must be a year, e.g. 2026",
  ]);
  expect(messages({ ...ranked, rankingYear: "last year" }).rankingYear).toEqual([
    "Ranking year must be a year, e.g. 2026",
  ]);
});

test("images are uploaded URLs, never data: URLs, and at most three in the gallery", () => {
  expect(universitySchema.parse({ ...valid, mainImage: "/uploads/a.png" }).mainImage).toBe("/uploads/a.png");
  expect(universitySchema.parse({ ...valid, images: ["https://cdn.example.com/b.jpg"] }).images).toEqual([
    "https://cdn.example.com/b.jpg",
  ]);
  expect(messages({ ...valid, mainImage: "data:image/png;base64,iVBORw0KGgo=" }).mainImage).toEqual([
    "Upload the image again",
  ]);
  expect(messages({ ...valid, images: ["javascript:alert(1)"] })["images.0"]).toEqual([
    "Upload the image again",
  ]);
  const four = Array.from({ length: MAX_GALLERY_IMAGES + 1 }, (_, i) => `/uploads/${i}.png`);
  expect(messages({ ...valid, images: four }).images).toEqual(["Upload at most 3 campus images"]);
});

test("a slug in the body is ignored (the server derives it)", () => {
  expect(universitySchema.parse({ ...valid, slug: "chosen-by-client" })).not.toHaveProperty("slug");
});

test("the website: a full http(s) address, empty clears it, absent leaves it as it is", () => {
  expect(universitySchema.parse({ ...valid, webPage: " https://www.example.edu/ " }).webPage).toBe(
    "https://www.example.edu/",
  );
  expect(universitySchema.parse({ ...valid, webPage: "" }).webPage).toBeNull();
  expect(universitySchema.parse({ ...valid, webPage: null }).webPage).toBeNull();
  expect(universitySchema.parse(valid).webPage).toBeUndefined();
  const refused = "Enter the website as a full address, e.g. https://www.example.edu/";
  for (const webPage of ["www.example.edu", "javascript:alert(1)", "ftp://example.edu/", "https://"]) {
    expect(messages({ ...valid, webPage })).toEqual({ webPage: [refused] });
  }
  expect(messages({ ...valid, webPage: `https://example.edu/${"a".repeat(2100)}` })).toEqual({
    webPage: ["The website address must be at most 2,048 characters"],
  });
});
