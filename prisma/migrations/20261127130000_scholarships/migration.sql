-- Scholarships and funding: the catalogue, the study levels and fields each is for, the students'
-- shortlisted scholarships and the ledger of their deadline reminders. New tables only: no
-- existing row changes.

-- CreateTable
CREATE TABLE "scholarships" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "description" TEXT,
    "amountMin" DECIMAL(12,2),
    "amountMax" DECIMAL(12,2),
    "currency" TEXT,
    "amountNote" TEXT,
    "nationalities" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "minGrade" DECIMAL(4,1),
    "deadline" TIMESTAMP(3),
    "timeZone" TEXT NOT NULL DEFAULT 'UTC',
    "officialUrl" TEXT NOT NULL,
    "universityId" INTEGER,
    "programId" INTEGER,
    "studyCountry" CHAR(2),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "archivedAt" TIMESTAMP(3),
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "scholarships_pkey" PRIMARY KEY ("id"),
    -- A scholarship belongs to one university, one program, or neither; never both.
    CONSTRAINT "scholarships_one_owner_check" CHECK (num_nonnulls("universityId", "programId") <= 1),
    -- A range runs from its lowest amount to its highest, and an amount has its currency.
    CONSTRAINT "scholarships_amount_range_check" CHECK ("amountMin" IS NULL OR "amountMax" IS NULL OR "amountMin" <= "amountMax"),
    CONSTRAINT "scholarships_amount_currency_check" CHECK (("amountMin" IS NULL AND "amountMax" IS NULL) OR "currency" IS NOT NULL)
);

-- CreateTable
CREATE TABLE "scholarship_levels" (
    "scholarshipId" INTEGER NOT NULL,
    "level" TEXT NOT NULL,

    CONSTRAINT "scholarship_levels_pkey" PRIMARY KEY ("scholarshipId","level")
);

-- CreateTable
CREATE TABLE "scholarship_fields" (
    "scholarshipId" INTEGER NOT NULL,
    "field" TEXT NOT NULL,

    CONSTRAINT "scholarship_fields_pkey" PRIMARY KEY ("scholarshipId","field")
);

-- CreateTable
CREATE TABLE "shortlist_scholarships" (
    "userId" INTEGER NOT NULL,
    "scholarshipId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "shortlist_scholarships_pkey" PRIMARY KEY ("userId","scholarshipId")
);

-- CreateTable
CREATE TABLE "scholarship_reminder_sends" (
    "userId" INTEGER NOT NULL,
    "scholarshipId" INTEGER NOT NULL,
    "daysBefore" INTEGER NOT NULL,
    "deadline" TIMESTAMP(3) NOT NULL,
    "sentAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "scholarship_reminder_sends_pkey" PRIMARY KEY ("userId","scholarshipId","daysBefore","deadline")
);

-- CreateIndex
CREATE INDEX "scholarships_deadline_idx" ON "scholarships"("deadline");

-- CreateIndex
CREATE INDEX "scholarships_universityId_idx" ON "scholarships"("universityId");

-- CreateIndex
CREATE INDEX "scholarships_programId_idx" ON "scholarships"("programId");

-- CreateIndex
CREATE INDEX "scholarships_archivedAt_idx" ON "scholarships"("archivedAt");

-- CreateIndex
CREATE INDEX "scholarships_updatedAt_idx" ON "scholarships"("updatedAt");

-- A live scholarship is known by its provider and name (the import's key); archived ones keep
-- theirs, so a new scholarship may take the key of an archived one (lib/scholarships/key.ts).
CREATE UNIQUE INDEX "scholarships_live_key" ON "scholarships"("provider", "name") WHERE "archivedAt" IS NULL;

-- CreateIndex
CREATE INDEX "scholarship_levels_level_idx" ON "scholarship_levels"("level");

-- CreateIndex
CREATE INDEX "scholarship_fields_field_idx" ON "scholarship_fields"("field");

-- CreateIndex
CREATE INDEX "shortlist_scholarships_scholarshipId_idx" ON "shortlist_scholarships"("scholarshipId");

-- CreateIndex
CREATE INDEX "scholarship_reminder_sends_scholarshipId_idx" ON "scholarship_reminder_sends"("scholarshipId");

-- AddForeignKey
ALTER TABLE "scholarships" ADD CONSTRAINT "scholarships_universityId_fkey" FOREIGN KEY ("universityId") REFERENCES "universities"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "scholarships" ADD CONSTRAINT "scholarships_programId_fkey" FOREIGN KEY ("programId") REFERENCES "programs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "scholarship_levels" ADD CONSTRAINT "scholarship_levels_scholarshipId_fkey" FOREIGN KEY ("scholarshipId") REFERENCES "scholarships"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "scholarship_levels" ADD CONSTRAINT "scholarship_levels_level_fkey" FOREIGN KEY ("level") REFERENCES "study_levels"("name") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "scholarship_fields" ADD CONSTRAINT "scholarship_fields_scholarshipId_fkey" FOREIGN KEY ("scholarshipId") REFERENCES "scholarships"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "scholarship_fields" ADD CONSTRAINT "scholarship_fields_field_fkey" FOREIGN KEY ("field") REFERENCES "study_fields"("name") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "shortlist_scholarships" ADD CONSTRAINT "shortlist_scholarships_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "shortlist_scholarships" ADD CONSTRAINT "shortlist_scholarships_scholarshipId_fkey" FOREIGN KEY ("scholarshipId") REFERENCES "scholarships"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "scholarship_reminder_sends" ADD CONSTRAINT "scholarship_reminder_sends_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "scholarship_reminder_sends" ADD CONSTRAINT "scholarship_reminder_sends_scholarshipId_fkey" FOREIGN KEY ("scholarshipId") REFERENCES "scholarships"("id") ON DELETE CASCADE ON UPDATE CASCADE;
