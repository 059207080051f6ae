import { z } from "@/lib/validation/zod";
import { DEGREES, DURATIONS } from "@/lib/constants";
import { defineListQuery, queryField, searchField } from "@/lib/list-query";
import { PROGRAM_SORTS, SEARCH_PAGE_SIZE, type ProgramSort } from "@/lib/list-keys";
import { universitySearchQuery } from "@/lib/universities/search-params";
import { programsListQuery } from "@/lib/validation/program";

// The query of /programs, defined once like the university search's (lib/list-query.ts): the
// server page's parse and the filter panel's nuqs hooks come from it. Country, cost and q are the
// university search's own fields; level and field are names of the database's study lists, so any
// text (one not in the list matches no program).

export { PROGRAM_SORTS, PROGRAM_SORT_LABELS, type ProgramSort } from "@/lib/list-keys";
/** Said beside the results: 'Sorted by ...'. Every sort lists open programs before closed ones. */
export const PROGRAM_SORT_NOTES: Record<ProgramSort, string> = {
  deadline: "Sorted by deadline, soonest first. Closed programs come last.",
  tuition: "Sorted by tuition per year, lowest first. Closed programs come last.",
  name: "Sorted by program name. Closed programs come last.",
  ranking: "Sorted by university ranking; programs of unranked universities last. Closed programs come last.",
};

export const PROGRAMS_PAGE_SIZE = SEARCH_PAGE_SIZE;

const DURATION_MAX = Math.max(...DURATIONS);
const DURATION_MESSAGE = `duration must be a whole number of years from 1 to ${DURATION_MAX}`;
const FROM_MESSAGE = "from must be a date written YYYY-MM-DD";
const OPEN_MESSAGE = "open must be true or false";

export const programSearchQuery = defineListQuery(
  {
    q: searchField,
    country: universitySearchQuery.fields.country,
    level: programsListQuery.fields.level,
    field: queryField(z.string().max(100, "field must be at most 100 characters").optional(), "all"),
    degree: queryField(
      z
        .enum(["all", ...DEGREES], { error: `degree must be 'all' or one of: ${DEGREES.join(", ")}` })
        .optional(),
      "all",
    ),
    /** Years; 0 means any. */
    duration: queryField(
      z.coerce
        .number({ error: DURATION_MESSAGE })
        .int(DURATION_MESSAGE)
        .min(1, DURATION_MESSAGE)
        .max(DURATION_MAX, DURATION_MESSAGE)
        .optional(),
      0,
    ),
    /** Maximum yearly tuition in USD; 0 means no limit. */
    cost: universitySearchQuery.fields.cost,
    /** Deadline on or after this day (UTC); "" means any. */
    from: queryField(z.iso.date({ error: FROM_MESSAGE }).optional(), ""),
    /** Only programs whose deadline has not passed. */
    open: queryField(
      z.stringbool({ truthy: ["true"], falsy: ["false"], error: OPEN_MESSAGE }).optional(),
      false,
    ),
    sort: queryField(
      z
        .enum(PROGRAM_SORTS, { error: `sort must be one of: ${PROGRAM_SORTS.join(", ")}` })
        .default("deadline"),
      "deadline",
    ),
  },
  PROGRAMS_PAGE_SIZE,
);

export const programSearchParsers = programSearchQuery.parsers;
