-- A study level or field is one value whatever its letter case: unique on the lower-case name
-- (an expression index, which schema.prisma cannot describe: tests/support/schema-drift.ts
-- declares it).

-- Values that differ only in letter case may both be used by programs. Which one to keep is the
-- operator's decision, so stop and name them.
DO $$
DECLARE
  duplicates TEXT;
BEGIN
  SELECT string_agg(clash, '; ') INTO duplicates FROM (
    SELECT 'study level ' || string_agg(format('%L (id %s)', "name", "id"), ', ' ORDER BY "id") AS clash
      FROM "study_levels" GROUP BY lower("name") HAVING count(*) > 1
    UNION ALL
    SELECT 'study field ' || string_agg(format('%L (id %s)', "name", "id"), ', ' ORDER BY "id")
      FROM "study_fields" GROUP BY lower("name") HAVING count(*) > 1
  ) clashes;
  IF duplicates IS NOT NULL THEN
    RAISE EXCEPTION 'Study levels or fields differ only in letter case: %. Move the programs of all but one of each to the one kept (Programs), delete the others (Settings, Programs tab), then migrate again.', duplicates;
  END IF;
END $$;

-- CreateIndex
CREATE UNIQUE INDEX "study_levels_name_lower_key" ON "study_levels" (lower("name"));

-- CreateIndex
CREATE UNIQUE INDEX "study_fields_name_lower_key" ON "study_fields" (lower("name"));
