-- Staff e-mail notices: each staff member's choice per kind of event (off, at once, or in the
-- daily digest), the universities they handle, and the daily digests with the events waiting for
-- or listed in them. New tables only: no existing row changes.

-- CreateEnum
CREATE TYPE "StaffNoticeKind" AS ENUM ('newSubmission', 'requestAnswered', 'offerReply', 'overdue');

-- CreateEnum
CREATE TYPE "NoticeDelivery" AS ENUM ('off', 'immediate', 'digest');

-- CreateTable
CREATE TABLE "staff_notice_choices" (
    "userId" INTEGER NOT NULL,
    "kind" "StaffNoticeKind" NOT NULL,
    "delivery" "NoticeDelivery" NOT NULL,

    CONSTRAINT "staff_notice_choices_pkey" PRIMARY KEY ("userId","kind")
);

-- CreateTable
CREATE TABLE "handled_universities" (
    "userId" INTEGER NOT NULL,
    "universityId" INTEGER NOT NULL,

    CONSTRAINT "handled_universities_pkey" PRIMARY KEY ("userId","universityId")
);

-- CreateTable
CREATE TABLE "staff_digests" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "sentAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "staff_digests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "staff_digest_items" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "eventId" INTEGER NOT NULL,
    "kind" "StaffNoticeKind" NOT NULL,
    "digestId" INTEGER,

    CONSTRAINT "staff_digest_items_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "handled_universities_universityId_idx" ON "handled_universities"("universityId");

-- CreateIndex
CREATE UNIQUE INDEX "staff_digests_userId_day_key" ON "staff_digests"("userId", "day");

-- CreateIndex
CREATE INDEX "staff_digest_items_digestId_userId_idx" ON "staff_digest_items"("digestId", "userId");

-- CreateIndex
CREATE INDEX "staff_digest_items_eventId_idx" ON "staff_digest_items"("eventId");

-- CreateIndex
CREATE UNIQUE INDEX "staff_digest_items_userId_eventId_key" ON "staff_digest_items"("userId", "eventId");

-- AddForeignKey
ALTER TABLE "staff_notice_choices" ADD CONSTRAINT "staff_notice_choices_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "handled_universities" ADD CONSTRAINT "handled_universities_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "handled_universities" ADD CONSTRAINT "handled_universities_universityId_fkey" FOREIGN KEY ("universityId") REFERENCES "universities"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "staff_digests" ADD CONSTRAINT "staff_digests_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "staff_digest_items" ADD CONSTRAINT "staff_digest_items_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "staff_digest_items" ADD CONSTRAINT "staff_digest_items_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "application_events"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "staff_digest_items" ADD CONSTRAINT "staff_digest_items_digestId_fkey" FOREIGN KEY ("digestId") REFERENCES "staff_digests"("id") ON DELETE CASCADE ON UPDATE CASCADE;
