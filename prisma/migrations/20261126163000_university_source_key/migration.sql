-- The seed's key of each university from the bundled list (the slug it derived), which a rename
-- leaves as it is, and the seed's completion mark (a settings row written as its last step).

-- AlterTable
ALTER TABLE "universities" ADD COLUMN "sourceKey" TEXT;

-- Backfill: the seed matched rows by slug until now, so a row's key is the slug it had first (the
-- oldest of a renamed university's kept slugs), else its slug.
UPDATE "universities" u
   SET "sourceKey" = COALESCE(
     (SELECT s."slug" FROM "university_slugs" s
       WHERE s."universityId" = u."id"
       ORDER BY s."createdAt", s."slug" LIMIT 1),
     u."slug");

-- CreateIndex
CREATE UNIQUE INDEX "universities_sourceKey_key" ON "universities"("sourceKey");

-- A database with universities was seeded before the mark existed.
INSERT INTO "settings" ("key", "value", "updatedAt")
SELECT 'seedCompletedAt', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), now()
 WHERE EXISTS (SELECT 1 FROM "universities")
ON CONFLICT ("key") DO NOTHING;
