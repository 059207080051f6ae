-- Universities and programs that students applied to are archived instead of deleted (issue 11 §1):
-- hidden from the public site, their applications and history kept. The database refuses to erase
-- applications: deleting a program that has any (directly, or through its university's cascade)
-- now fails instead of taking them with it. Drafts still go with their program.

-- AlterTable
ALTER TABLE "universities" ADD COLUMN "archivedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "programs" ADD COLUMN "archivedAt" TIMESTAMP(3);

-- DropForeignKey
ALTER TABLE "applications" DROP CONSTRAINT "applications_programId_fkey";

-- AddForeignKey
ALTER TABLE "applications" ADD CONSTRAINT "applications_programId_fkey" FOREIGN KEY ("programId") REFERENCES "programs"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
