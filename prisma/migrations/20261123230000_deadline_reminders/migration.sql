-- Deadline reminders and the calendar feed (issue 14): the opt-out (on by default), the version
-- that signs the feed's address, and the reminders sent.

-- AlterTable
ALTER TABLE "users" ADD COLUMN "remindersEnabled" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN "calendarVersion" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "reminder_sends" (
    "userId" INTEGER NOT NULL,
    "programId" INTEGER NOT NULL,
    "daysBefore" INTEGER NOT NULL,
    "deadline" TIMESTAMP(3) NOT NULL,
    "sentAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "reminder_sends_pkey" PRIMARY KEY ("userId","programId","daysBefore","deadline")
);

-- CreateIndex
CREATE INDEX "reminder_sends_programId_idx" ON "reminder_sends"("programId");

-- AddForeignKey
ALTER TABLE "reminder_sends" ADD CONSTRAINT "reminder_sends_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reminder_sends" ADD CONSTRAINT "reminder_sends_programId_fkey" FOREIGN KEY ("programId") REFERENCES "programs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
