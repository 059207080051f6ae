-- The uploaded files and which university uses each, written in the university write's
-- transaction: edits never delete files; `npm run jobs:uploads` deletes those no university has
-- used for a grace period.

-- CreateTable
CREATE TABLE "uploads" (
    "key" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "touchedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "uploads_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "university_uploads" (
    "universityId" INTEGER NOT NULL,
    "key" TEXT NOT NULL,

    CONSTRAINT "university_uploads_pkey" PRIMARY KEY ("universityId","key")
);

-- CreateIndex
CREATE INDEX "uploads_touchedAt_idx" ON "uploads"("touchedAt");

-- CreateIndex
CREATE INDEX "university_uploads_key_idx" ON "university_uploads"("key");

-- AddForeignKey
ALTER TABLE "university_uploads" ADD CONSTRAINT "university_uploads_universityId_fkey" FOREIGN KEY ("universityId") REFERENCES "universities"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "university_uploads" ADD CONSTRAINT "university_uploads_key_fkey" FOREIGN KEY ("key") REFERENCES "uploads"("key") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Backfill: the stored files universities show now (URLs ending in an upload key: /uploads/{key}
-- or the bucket's address), each used by those universities.
CREATE TEMPORARY TABLE "used_uploads" ON COMMIT DROP AS
SELECT DISTINCT u."id" AS "universityId", substring(image FROM '/([a-f0-9]{32}\.(jpg|png|webp|gif))$') AS "key"
  FROM "universities" u, unnest(array_append(u."images", u."mainImage")) AS image
 WHERE image ~ '/[a-f0-9]{32}\.(jpg|png|webp|gif)$';

INSERT INTO "uploads" ("key") SELECT DISTINCT "key" FROM "used_uploads";

INSERT INTO "university_uploads" ("universityId", "key") SELECT "universityId", "key" FROM "used_uploads";
