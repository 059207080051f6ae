-- The slugs universities had before a rename: the old address redirects to the current one, and an
-- import file written before the rename still finds the university. Nothing to backfill: slugs
-- changed before this migration were not kept.

-- CreateTable
CREATE TABLE "university_slugs" (
    "slug" TEXT NOT NULL,
    "universityId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "university_slugs_pkey" PRIMARY KEY ("slug")
);

-- CreateIndex
CREATE INDEX "university_slugs_universityId_idx" ON "university_slugs"("universityId");

-- AddForeignKey
ALTER TABLE "university_slugs" ADD CONSTRAINT "university_slugs_universityId_fkey" FOREIGN KEY ("universityId") REFERENCES "universities"("id") ON DELETE CASCADE ON UPDATE CASCADE;
