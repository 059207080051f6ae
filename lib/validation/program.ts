import { defineListQuery } from "@/lib/list-query";
import { searchKey, studyListKey } from "@/lib/list-keys";
import { idSchema } from "./common";

// The program form's schema lives in program-form.ts, which imports nothing of Next, so scripts
// (npm run import) can use it too; this module adds the list queries.
export * from "./program-form";

export const ALL_LEVELS = "all";

/**
 * GET /api/programs and /admin/programs: ?q= (program or university name, any case or accents,
 * substring) and ?level= (a study level's name, "Master's", or "all"). The levels are the
 * database's list, so the level is any text: one not in the list matches no program.
 */
export const programsListQuery = defineListQuery({
  q: searchKey,
  level: studyListKey,
});

/** GET /api/programs: the list's query with limit/offset, and one university's (no page offers it). */
export const programsListQuerySchema = programsListQuery.apiSchema.extend({
  universityId: idSchema.optional(),
});
