import { defineListQuery } from "@/lib/list-query";
import { programSearchKeys, SEARCH_PAGE_SIZE, type ProgramSort } from "@/lib/list-keys";

// The query of /programs, from its keys (lib/list-keys.ts, which the filter panel reads too): the
// API's schema and the server page's parse. Country, cost and q are the university search's own
// keys; level and field are names of the database's study lists, so any text (one not in the list
// matches no program).

export { PROGRAM_SORTS, PROGRAM_SORT_LABELS, type ProgramSort } from "@/lib/list-keys";
/** Said beside the results: 'Sorted by ...'. Every sort lists open programs before closed ones. */
export const PROGRAM_SORT_NOTES: Record<ProgramSort, string> = {
  deadline: "Sorted by deadline, soonest first. Closed programs come last.",
  tuition:
    "Sorted by tuition per year in US dollars at the latest rates, lowest first. Closed programs come last.",
  name: "Sorted by program name. Closed programs come last.",
  ranking: "Sorted by university ranking; programs of unranked universities last. Closed programs come last.",
};

export const PROGRAMS_PAGE_SIZE = SEARCH_PAGE_SIZE;

export const programSearchQuery = defineListQuery(programSearchKeys, PROGRAMS_PAGE_SIZE);
