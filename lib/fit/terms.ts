// Start terms: the month a program starts, "YYYY-MM" ("2027-09"), the form programs list theirs in
// and a student gives their preferred one in.

export const TERM_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;
export const TERM_INVALID = "Enter a start term as year and month, e.g. 2027-09";

const monthYear = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });

export function isTerm(value: string): boolean {
  const match = TERM_PATTERN.exec(value);
  return match !== null && Number(match[1]) >= 2000 && Number(match[1]) <= 2100;
}

/** "2027-09" → "September 2027". */
export function formatTerm(term: string): string {
  const match = TERM_PATTERN.exec(term);
  if (!match) return term;
  return monthYear.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)));
}

/** A list typed as "2027-09, 2028-01" (commas, spaces or new lines), sorted, without repeats. */
export function splitTerms(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((term) => term.trim())
        .filter(Boolean),
    ),
  ].sort();
}
