import { SEARCH_FIELDS, type SearchField } from "@/lib/constants";

// The search's field filter matches live programs whose name contains the field. At
// 100,000 universities a field matches 80,000 to 170,000 programs, and counting the universities
// that have one visited each of those rows through the trigram index (150 to 250 ms). Each field
// has instead a partial index of its live programs, small enough to be read alone (an index-only
// scan) and keyed by the program's level first: 16,000 entries for Master's + Law, 33 ms for the
// whole count.
//
// PostgreSQL reads a partial index only when it can prove that the query's condition implies the
// index's predicate, so both are written from here: the query says `p."name" ILIKE '%Law%'` with
// the field as a literal, which holds in every plan (a parameter's value is seen only by a plan
// made for that call, not by a cached generic one). Prisma cannot describe partial indexes:
// migration 20261129100000_program_tuition_in_us_dollars builds these, and the drift test
// (tests/support/schema-drift.ts) checks the database against SEARCH_FIELD_INDEXES.

export interface PartialIndex {
  name: string;
  table: string;
  columns: string[];
  /** As written in CREATE INDEX ... WHERE. */
  predicate: string;
  /** A unique index (CREATE UNIQUE INDEX); false when absent. */
  unique?: boolean;
}

/**
 * `p."name" ILIKE '%Law%'`, the condition a field search writes on programs aliased `alias`: the
 * field as a literal (a search field holds no quote or wildcard, which this refuses).
 */
export function fieldCondition(field: SearchField, alias?: string): string {
  if (/['%_\\]/.test(field)) throw new Error(`A search field cannot be a literal pattern: ${field}`);
  return `${alias ? `${alias}.` : ""}"name" ILIKE '%${field}%'`;
}

/** One partial index per search field: its live programs by level, tuition in dollars and university. */
export const SEARCH_FIELD_INDEXES: readonly PartialIndex[] = SEARCH_FIELDS.map((field) => ({
  name: `programs_search_field_${field.toLowerCase().replace(/[^a-z0-9]+/g, "_")}_idx`,
  table: "programs",
  columns: ["level", "tuitionUsd", "universityId"],
  predicate: `"archivedAt" IS NULL AND ${fieldCondition(field)}`,
}));
