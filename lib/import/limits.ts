// The largest import file, shared by POST /api/import/{type} (413 beyond it) and the import form,
// which says it before anything is uploaded. No zod here: the form loads none.

/** The largest import file accepted, in megabytes (about 100,000 program rows). */
export const IMPORT_MAX_MB = 50;
export const IMPORT_BODY_LIMIT = IMPORT_MAX_MB * 1024 * 1024;
export const IMPORT_TOO_LARGE = `The file is larger than ${IMPORT_MAX_MB} MB: split it into smaller files and import each.`;
