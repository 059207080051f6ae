-- The shortlist (issue 14): the programs and universities a student saved. Deleted with the
-- account (and with a deleted program or university); archived ones stay, marked on the page.

-- CreateTable
CREATE TABLE "shortlist_programs" (
    "userId" INTEGER NOT NULL,
    "programId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "shortlist_programs_pkey" PRIMARY KEY ("userId","programId")
);

-- CreateTable
CREATE TABLE "shortlist_universities" (
    "userId" INTEGER NOT NULL,
    "universityId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "shortlist_universities_pkey" PRIMARY KEY ("userId","universityId")
);

-- CreateIndex
CREATE INDEX "shortlist_programs_programId_idx" ON "shortlist_programs"("programId");

-- CreateIndex
CREATE INDEX "shortlist_universities_universityId_idx" ON "shortlist_universities"("universityId");

-- AddForeignKey
ALTER TABLE "shortlist_programs" ADD CONSTRAINT "shortlist_programs_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "shortlist_programs" ADD CONSTRAINT "shortlist_programs_programId_fkey" FOREIGN KEY ("programId") REFERENCES "programs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "shortlist_universities" ADD CONSTRAINT "shortlist_universities_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "shortlist_universities" ADD CONSTRAINT "shortlist_universities_universityId_fkey" FOREIGN KEY ("universityId") REFERENCES "universities"("id") ON DELETE CASCADE ON UPDATE CASCADE;
