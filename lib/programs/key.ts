import type { PartialIndex } from "@/lib/universities/field-match";

// A live program is known by its university, name and degree: the importer matches its rows by
// this key, and the database keeps it unique among live programs (archived ones keep theirs, so a
// new program may take the key of an archived one).

/** The unique partial index of the key, as the migration builds it and the drift test checks it. */
export const PROGRAM_KEY_INDEX: PartialIndex = {
  name: "programs_live_key",
  table: "programs",
  columns: ["universityId", "name", "degree"],
  predicate: `"archivedAt" IS NULL`,
  unique: true,
};

export const programKey = (universityId: number, name: string, degree: string) =>
  `${universityId}\u0000${name}\u0000${degree}`;

export const PROGRAM_KEY_TAKEN =
  "This university already has a live program with this name and degree: change one of them, or edit that program instead.";

export const RESTORE_KEY_TAKEN =
  "A live program of this university has the same name and degree: rename or archive it, then restore this one.";

/**
 * What the database's trigger says when a write would leave a live program under an archived
 * university (the migration that made it raises this text).
 */
export const LIVE_PROGRAM_UNDER_ARCHIVED = "A live program cannot belong to an archived university";
