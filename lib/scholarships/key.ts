import type { PartialIndex } from "@/lib/universities/field-match";

// A live scholarship is known by its provider and name: the importer matches its rows by this key,
// and the database keeps it unique among live scholarships (archived ones keep theirs, so a new
// scholarship may take the key of an archived one), as a program is known by its university, name
// and degree. Two scholarships of one provider are told apart by their names.

/** The unique partial index of the key, as the migration builds it and the drift test checks it. */
export const SCHOLARSHIP_KEY_INDEX: PartialIndex = {
  name: "scholarships_live_key",
  table: "scholarships",
  columns: ["provider", "name"],
  predicate: `"archivedAt" IS NULL`,
  unique: true,
};

export const scholarshipKey = (provider: string, name: string) => `${provider}\u0000${name}`;

export const SCHOLARSHIP_KEY_TAKEN =
  "This provider already has a live scholarship with this name: change the name, or edit that scholarship instead.";

export const RESTORE_SCHOLARSHIP_KEY_TAKEN =
  "A live scholarship of this provider has the same name: rename or archive it, then restore this one.";

/** The check constraints of the table (the migration names them), and what each keeps. */
export const ONE_OWNER_CHECK = "scholarships_one_owner_check";
export const AMOUNT_RANGE_CHECK = "scholarships_amount_range_check";
export const AMOUNT_CURRENCY_CHECK = "scholarships_amount_currency_check";
