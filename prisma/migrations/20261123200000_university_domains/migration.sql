-- The institution's domains from the university list (issue 15): filled by the seed for new
-- databases and by `npm run data:update` for existing ones.
ALTER TABLE "universities" ADD COLUMN "domains" TEXT[] DEFAULT ARRAY[]::TEXT[];
