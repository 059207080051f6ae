import { MAX_GALLERY_IMAGES, universitySchema } from "@/lib/validation/university";

// SPEC §5 University form: the messages the form and the API both show.

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
  expect(universitySchema.parse({ ...valid, ranking: "12" }).ranking).toBe(12);
  expect(universitySchema.parse({ ...valid, ranking: 7 }).ranking).toBe(7);
  expect(universitySchema.parse({ ...valid, ranking: null }).ranking).toBeNull();
  expect(universitySchema.parse({ ...valid, ranking: "  " }).ranking).toBeNull();
  expect(messages({ ...valid, ranking: "1.5" }).ranking).toEqual(["Ranking must be a whole number"]);
  expect(messages({ ...valid, ranking: 2.5 }).ranking).toEqual(["Ranking must be a whole number"]);
  expect(messages({ ...valid, ranking: "ten" }).ranking).toEqual(["Ranking must be a whole number"]);
  expect(messages({ ...valid, ranking: "0" }).ranking).toEqual(["Ranking must be 1 or more"]);
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
