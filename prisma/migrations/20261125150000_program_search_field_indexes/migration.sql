-- One partial index per search field (SEARCH_FIELDS): the live programs whose name contains the
-- field, by degree, tuition and university. Counting the universities with a Master's program in
-- Law then reads 16,000 index entries instead of visiting the 80,000 programs named like it
-- (100,000 universities: 150-220 ms -> 33 ms). Prisma cannot describe partial indexes, so they are
-- not in schema.prisma; lib/universities/field-match.ts writes both these predicates and the
-- search's conditions, and the drift test checks these indexes against it.
CREATE INDEX "programs_search_field_arts_idx" ON "programs"("degree", "tuition", "universityId") WHERE "archivedAt" IS NULL AND "name" ILIKE '%Arts%';
CREATE INDEX "programs_search_field_business_idx" ON "programs"("degree", "tuition", "universityId") WHERE "archivedAt" IS NULL AND "name" ILIKE '%Business%';
CREATE INDEX "programs_search_field_computer_science_idx" ON "programs"("degree", "tuition", "universityId") WHERE "archivedAt" IS NULL AND "name" ILIKE '%Computer Science%';
CREATE INDEX "programs_search_field_engineering_idx" ON "programs"("degree", "tuition", "universityId") WHERE "archivedAt" IS NULL AND "name" ILIKE '%Engineering%';
CREATE INDEX "programs_search_field_law_idx" ON "programs"("degree", "tuition", "universityId") WHERE "archivedAt" IS NULL AND "name" ILIKE '%Law%';
CREATE INDEX "programs_search_field_medicine_idx" ON "programs"("degree", "tuition", "universityId") WHERE "archivedAt" IS NULL AND "name" ILIKE '%Medicine%';
CREATE INDEX "programs_search_field_science_idx" ON "programs"("degree", "tuition", "universityId") WHERE "archivedAt" IS NULL AND "name" ILIKE '%Science%';
CREATE INDEX "programs_search_field_social_sciences_idx" ON "programs"("degree", "tuition", "universityId") WHERE "archivedAt" IS NULL AND "name" ILIKE '%Social Sciences%';
