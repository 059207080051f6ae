import { z } from "@/lib/validation/zod";
import { versionSchema } from "./common";
import { isOneLine, oneLineMessage } from "./text";

// The University form, shared by the react-hook-form resolver and the route handlers
// POST /api/universities and PATCH /api/universities/{id}. The form holds the country as a code
// and sends its name; the server accepts either and answers 'Please select a valid
// country' for one it does not know. The slug in a request body is ignored: the server derives it.

export const MAX_GALLERY_IMAGES = 3;
export const INVALID_COUNTRY = "Please select a valid country";
export const NAME_REQUIRED = "University name is required";
export const COUNTRY_REQUIRED = "Country is required";
/** The form's summary when both are missing (each field keeps its own message too). */
export const NAME_AND_COUNTRY_REQUIRED = "Name and country are required";

/** A stored image: an uploaded file's URL (our /uploads/... path or the bucket's https URL). */
export const imageUrlSchema = z
  .string({ error: "Upload the image again" })
  .trim()
  .max(2048, "The image address is too long")
  .refine(isImageUrl, "Upload the image again");

function isImageUrl(value: string): boolean {
  if (value.startsWith("/")) return !value.startsWith("//") && !value.includes("\\");
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

/** The official website: a full http(s) address. The form and the import's webPage column use it. */
export const webPageSchema = z
  .string()
  .trim()
  .max(2048, "The website address must be at most 2,048 characters")
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.length > 0;
    } catch {
      return false;
    }
  }, "Enter the website as a full address, e.g. https://www.example.edu/");

const emptyToNull = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "") ? null : value;

export const RANKING_MIN = 1;
/** Empty means no ranking (null); otherwise a whole number from RANKING_MIN. */
export const rankingSchema = z.preprocess(
  (value) => {
    const v = emptyToNull(value);
    return typeof v === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v;
  },
  z
    .number({ error: "Ranking must be a whole number" })
    .int("Ranking must be a whole number")
    .min(RANKING_MIN, `Ranking must be ${RANKING_MIN} or more`)
    .max(1_000_000, "Ranking must be at most 1,000,000")
    .nullable(),
);

export const RANKING_YEAR_MIN = 1900;
/** The latest ranking edition accepted: next year's (rankings are often published a year ahead). */
export const rankingYearMax = (now: Date = new Date()) => now.getUTCFullYear() + 1;

export const RANKING_SOURCE_REQUIRED =
  "Enter the ranking's source (who published it, e.g. QS), or clear the ranking";
export const RANKING_REQUIRED = "Enter the ranking, or clear its source and year";

/** Who published the ranking; empty means none. */
export const rankingSourceSchema = z.preprocess(
  emptyToNull,
  z
    .string({ error: "Ranking source must be text" })
    .trim()
    .max(100, "Ranking source must be at most 100 characters")
    .nullable(),
);

/** The ranking's edition; empty means none. */
export const rankingYearSchema = z.preprocess(
  (value) => {
    const v = emptyToNull(value);
    return typeof v === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v;
  },
  z
    .number({ error: "Ranking year must be a year, e.g. 2026" })
    .int("Ranking year must be a year, e.g. 2026")
    .refine((year) => year >= RANKING_YEAR_MIN && year <= rankingYearMax(), {
      error: () => `Ranking year must be from ${RANKING_YEAR_MIN} to ${rankingYearMax()}`,
    })
    .nullable(),
);

const universityObject = z.object({
  name: z
    .string({ error: NAME_REQUIRED })
    .trim()
    .min(1, NAME_REQUIRED)
    .max(200, "University name must be at most 200 characters")
    .refine(isOneLine, oneLineMessage("University name")),
  /** A country name or its two-letter code. */
  country: z.string({ error: COUNTRY_REQUIRED }).trim().min(1, COUNTRY_REQUIRED).max(100, INVALID_COUNTRY),
  ranking: rankingSchema,
  rankingSource: rankingSourceSchema,
  rankingYear: rankingYearSchema,
  /**
   * The official website; empty clears it. Absent (a client that does not send it) leaves the
   * stored one as it is, so an older client's update does not erase it.
   */
  webPage: z.preprocess(
    (value) => (value === undefined ? undefined : emptyToNull(value)),
    webPageSchema.nullable().optional(),
  ),
  description: z.preprocess(
    emptyToNull,
    z
      .string({ error: "Description must be text" })
      .trim()
      .max(10_000, "Description must be at most 10,000 characters")
      .nullable(),
  ),
  mainImage: z.preprocess(emptyToNull, imageUrlSchema.nullable()),
  images: z.preprocess(
    (value) => (value === undefined || value === null ? [] : value),
    z
      .array(imageUrlSchema, { error: "Images must be a list of uploaded files" })
      .max(MAX_GALLERY_IMAGES, `Upload at most ${MAX_GALLERY_IMAGES} campus images`),
  ),
  /** Editing: the version the form was opened with (ignored when adding). */
  version: versionSchema,
});

/** A ranking is shown only with its source (docs/decisions/0009), so one needs the other. */
export const universitySchema = universityObject.superRefine((value, context) => {
  if (value.ranking !== null && value.rankingSource === null) {
    context.addIssue({ code: "custom", path: ["rankingSource"], message: RANKING_SOURCE_REQUIRED });
  }
  if (value.ranking === null && (value.rankingSource !== null || value.rankingYear !== null)) {
    context.addIssue({ code: "custom", path: ["ranking"], message: RANKING_REQUIRED });
  }
});

/** What the form holds (ranking as typed, country as a code). */
export type UniversityFormValues = z.input<typeof universitySchema>;
/** What the server stores after validation. */
export type UniversityInput = z.output<typeof universitySchema>;

/** /api/universities/by-slug/{slug}. */
export const slugParamsSchema = z.object({
  slug: z
    .string()
    .max(300, "The slug is too long")
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "A slug has lowercase letters, digits and single hyphens"),
});
