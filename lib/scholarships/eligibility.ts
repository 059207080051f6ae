import { countryName } from "@/lib/fit/rules";

// Who a scholarship is for, in words, for its card, the shortlist, e-mails and the export. An empty
// list is no restriction: "Any nationality", never left out. Client-safe.

export interface Eligibility {
  nationalities: readonly string[];
  levels: readonly string[];
  fields: readonly string[];
  minGrade: number | null;
}

/** "Kenya, Nigeria" or "Any nationality". */
export function nationalitiesText(codes: readonly string[]): string {
  return codes.length === 0 ? "Any nationality" : codes.map(countryName).join(", ");
}

export function levelsText(levels: readonly string[]): string {
  return levels.length === 0 ? "Any level" : levels.join(", ");
}

export function fieldsText(fields: readonly string[]): string {
  return fields.length === 0 ? "Any field" : fields.join(", ");
}

/** "60 on the common scale (2:1)" style figure, or "Not stated". */
export function minGradeText(minGrade: number | null): string {
  if (minGrade === null) return "Not stated";
  const figure = Number.isInteger(minGrade) ? String(minGrade) : minGrade.toFixed(1);
  return `${figure} on the common scale`;
}

/** Each rule of who may apply as a labelled line, in a fixed order. */
export function eligibilityLines(rules: Eligibility): [label: string, text: string][] {
  return [
    ["Nationality", nationalitiesText(rules.nationalities)],
    ["Level", levelsText(rules.levels)],
    ["Field", fieldsText(rules.fields)],
    ["Minimum grade", minGradeText(rules.minGrade)],
  ];
}
