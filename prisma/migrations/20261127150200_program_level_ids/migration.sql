-- The programs of a level with their ids, read from the index alone: the team's queue filtered by
-- level hashes the ids of that level's programs (thousands) on every read, which read from the
-- table took most of the filter's time. The index keeps serving the admin level filter and the
-- study lists' "in use" check.
DROP INDEX "programs_level_idx";
CREATE INDEX "programs_level_id_idx" ON "programs"("level", "id");
