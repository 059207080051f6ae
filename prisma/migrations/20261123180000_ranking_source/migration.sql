-- Rankings carry their source and year (issue 15): a ranking is shown only with its source.
-- Existing rankings keep their number with no source, so they are no longer shown: the seed used
-- to generate them for every deployment, and nothing here tells those from an admin's entry.
ALTER TABLE "universities" ADD COLUMN "rankingSource" TEXT,
ADD COLUMN "rankingYear" INTEGER;

-- A database filled by the earlier seed holds generated programs, tuition, deadlines and
-- descriptions (its descriptions say so): it is a demo database, and its pages say so from now on.
INSERT INTO "settings" ("key", "value", "updatedAt")
SELECT 'demoData', 'true', now()
 WHERE EXISTS (
   SELECT 1 FROM "universities"
    WHERE "description" LIKE '%The programs listed here are sample data for demonstration%'
 )
ON CONFLICT ("key") DO NOTHING;
