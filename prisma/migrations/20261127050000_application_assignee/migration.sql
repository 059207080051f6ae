-- The staff member who handles each application in the team's workspace (null: nobody yet).

-- AlterTable
ALTER TABLE "applications" ADD COLUMN "assigneeId" INTEGER;

-- CreateIndex
CREATE INDEX "applications_assigneeId_submittedAt_idx" ON "applications"("assigneeId", "submittedAt");

-- AddForeignKey
ALTER TABLE "applications" ADD CONSTRAINT "applications_assigneeId_fkey" FOREIGN KEY ("assigneeId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
