import { createLoader, createSerializer } from "nuqs/server";
import { z } from "@/lib/validation/zod";
import { SEARCH_FIELDS, TUITION_SLIDER } from "@/lib/constants";
import { defineListQuery, queryField, searchField } from "@/lib/list-query";
import { SEARCH_PAGE_SIZE, SORTS } from "@/lib/list-keys";
import { programsListQuery } from "@/lib/validation/program";

// The query of /universities/search and GET /api/universities, defined once: the API's schema
// (lib/validation/university-search.ts), the server page's parse and the filter panel's nuqs hooks
// come from it, so all read the URL the same way. /admin/universities reads ?q= of it.

export { SORTS, SORT_LABELS, type SearchSort } from "@/lib/list-keys";
export const PAGE_SIZE = SEARCH_PAGE_SIZE;

const COST_MESSAGE = `cost must be a whole number from 0 to ${TUITION_SLIDER.max}`;

export const universitySearchQuery = defineListQuery(
  {
    country: queryField(
      z
        .string()
        .regex(/^(all|[A-Za-z]{2})$/, "country must be a two-letter country code or 'all'")
        .optional(),
      "all",
    ),
    /** A name of the study level list in settings (any text: one not in the list matches nothing). */
    level: programsListQuery.fields.level,
    field: queryField(
      z
        .enum(["all", ...SEARCH_FIELDS], {
          error: `field must be 'all' or one of: ${SEARCH_FIELDS.join(", ")}`,
        })
        .optional(),
      "all",
    ),
    q: searchField,
    /** Maximum yearly tuition in USD; 0 means no limit. */
    cost: queryField(
      z.coerce
        .number({ error: COST_MESSAGE })
        .int(COST_MESSAGE)
        .min(0, COST_MESSAGE)
        .max(TUITION_SLIDER.max, COST_MESSAGE)
        .optional(),
      TUITION_SLIDER.min,
    ),
    sort: queryField(
      z.enum(SORTS, { error: `sort must be one of: ${SORTS.join(", ")}` }).default("ranking"),
      "ranking",
    ),
  },
  PAGE_SIZE,
);

export const searchParamsParsers = universitySearchQuery.parsers;
/** Lenient (an invalid value is its default): for metadata; the page itself uses universitySearchQuery.load. */
export const loadSearchParams = createLoader(searchParamsParsers);
export const serializeSearchParams = createSerializer(searchParamsParsers);

export type SearchParamsState = Awaited<ReturnType<typeof loadSearchParams>>;

/** /admin/universities: the same list by name only (sorted by name). */
export const adminUniversitiesQuery = universitySearchQuery.pick("q");
