-- The university search's study-level filter matches the program's own level (programs.level, a
-- name of the study level list) instead of a group of degree codes, so that every program of a
-- level counts (LLB, BBA, EdD, MD...) and a level added in settings can be searched. The partial
-- index of each search field therefore holds the level where it held the degree: the count of the
-- universities with a Master's program in Law still reads that index alone. The (universityId,
-- level) index answers the same condition per university (the search's EXISTS) without a field.
-- lib/universities/field-match.ts writes these predicates and the search's conditions, and the
-- drift test checks these indexes against it.
DROP INDEX "programs_search_field_arts_idx";
DROP INDEX "programs_search_field_business_idx";
DROP INDEX "programs_search_field_computer_science_idx";
DROP INDEX "programs_search_field_engineering_idx";
DROP INDEX "programs_search_field_law_idx";
DROP INDEX "programs_search_field_medicine_idx";
DROP INDEX "programs_search_field_science_idx";
DROP INDEX "programs_search_field_social_sciences_idx";
CREATE INDEX "programs_search_field_arts_idx" ON "programs"("level", "tuition", "universityId") WHERE "archivedAt" IS NULL AND "name" ILIKE '%Arts%';
CREATE INDEX "programs_search_field_business_idx" ON "programs"("level", "tuition", "universityId") WHERE "archivedAt" IS NULL AND "name" ILIKE '%Business%';
CREATE INDEX "programs_search_field_computer_science_idx" ON "programs"("level", "tuition", "universityId") WHERE "archivedAt" IS NULL AND "name" ILIKE '%Computer Science%';
CREATE INDEX "programs_search_field_engineering_idx" ON "programs"("level", "tuition", "universityId") WHERE "archivedAt" IS NULL AND "name" ILIKE '%Engineering%';
CREATE INDEX "programs_search_field_law_idx" ON "programs"("level", "tuition", "universityId") WHERE "archivedAt" IS NULL AND "name" ILIKE '%Law%';
CREATE INDEX "programs_search_field_medicine_idx" ON "programs"("level", "tuition", "universityId") WHERE "archivedAt" IS NULL AND "name" ILIKE '%Medicine%';
CREATE INDEX "programs_search_field_science_idx" ON "programs"("level", "tuition", "universityId") WHERE "archivedAt" IS NULL AND "name" ILIKE '%Science%';
CREATE INDEX "programs_search_field_social_sciences_idx" ON "programs"("level", "tuition", "universityId") WHERE "archivedAt" IS NULL AND "name" ILIKE '%Social Sciences%';
CREATE INDEX "programs_universityId_level_idx" ON "programs"("universityId", "level");
