import { z } from "zod";
import { SEARCH_FIELDS, STUDY_LEVELS, TUITION_SLIDER } from "@/lib/constants";
import { SORTS } from "@/lib/universities/search-params";
import { pagingSchema } from "./common";

/** GET /api/universities: the search page's filters plus paging. */
export const universitySearchQuerySchema = z
  .object({
    country: z
      .string()
      .regex(/^(all|[A-Za-z]{2})$/, "country must be a two-letter country code or 'all'")
      .optional(),
    level: z
      .enum(["all", ...STUDY_LEVELS], { error: `level must be 'all' or one of: ${STUDY_LEVELS.join(", ")}` })
      .optional(),
    field: z
      .enum(["all", ...SEARCH_FIELDS], {
        error: `field must be 'all' or one of: ${SEARCH_FIELDS.join(", ")}`,
      })
      .optional(),
    q: z.string().max(200, "q must be at most 200 characters").optional(),
    cost: z.coerce
      .number({ error: `cost must be a whole number from 0 to ${TUITION_SLIDER.max}` })
      .int(`cost must be a whole number from 0 to ${TUITION_SLIDER.max}`)
      .min(0, `cost must be a whole number from 0 to ${TUITION_SLIDER.max}`)
      .max(TUITION_SLIDER.max, `cost must be a whole number from 0 to ${TUITION_SLIDER.max}`)
      .optional(),
    sort: z.enum(SORTS, { error: `sort must be one of: ${SORTS.join(", ")}` }).default("ranking"),
  })
  .extend(pagingSchema.shape);
