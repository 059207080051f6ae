// The program search's three filters of fit, off by default and each a key of the URL. Two read
// the signed-in student's profile ("only programs I qualify for", "within my budget"); the visa
// filter reads the program alone. Each leaves out only programs it knows do not fit: a program
// that does not state a requirement, or a profile that does not hold the fact to check, stays in
// the results, where the fit check says what is unknown. Beside the results, the page says how many
// programs each filter left out.

export const FIT_FILTERS = ["qualify", "budget", "visa"] as const;
export type FitFilter = (typeof FIT_FILTERS)[number];

export const FIT_FILTER_LABELS: Record<FitFilter, string> = {
  qualify: "Only programs I qualify for",
  budget: "Within my budget",
  visa: "Visa sponsorship",
};

/** The filters that read the student's profile: their pages are the student's own. */
export const PROFILE_FIT_FILTERS = ["qualify", "budget"] as const satisfies readonly FitFilter[];

/** Why a chosen filter could not apply (it then leaves nothing out), said beside the results. */
export const FIT_FILTER_UNUSABLE = {
  signedOut: "Sign in and add your study profile to filter by what fits you.",
  qualify: "Add your grade or an English test result to your study profile to filter by them.",
  budget: "Add your yearly budget to your study profile to filter by it.",
} as const;

/** The fit filters a search's values turn on, in FIT_FILTERS' order. */
export function chosenFitFilters(values: Partial<Record<FitFilter, unknown>>): FitFilter[] {
  return FIT_FILTERS.filter((filter) => values[filter] === true);
}

/** Why a filter leaves a program out, said with its count. */
const LEFT_OUT_BECAUSE: Record<FitFilter, string> = {
  qualify: "a minimum grade or English score above yours",
  budget: "tuition above your yearly budget",
  visa: "no visa sponsorship stated",
};

/**
 * "Within my budget: 12 programs left out (tuition above your yearly budget)"; an estimate (more
 * than the search counts exactly match the other filters) says "about 2,400 programs", and "few
 * programs" where the part it was taken from had none.
 */
export function leftOutNote(filter: FitFilter, count: number, approximate = false): string {
  const programs = approximate
    ? count === 0
      ? "few programs"
      : `about ${count.toLocaleString("en-US")} programs`
    : count === 1
      ? "1 program"
      : `${count.toLocaleString("en-US")} programs`;
  return `${FIT_FILTER_LABELS[filter]}: ${programs} left out (${LEFT_OUT_BECAUSE[filter]})`;
}
