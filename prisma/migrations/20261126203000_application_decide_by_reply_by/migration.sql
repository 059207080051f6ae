-- The dates that drive an application's work (lib/applications/dates.ts, jobs.server.ts): the day a
-- decision is due, the open offer's last day to reply, and the reply reminders sent.

ALTER TABLE "applications" ADD COLUMN "decideBy" DATE,
ADD COLUMN "replyBy" DATE;

-- Existing applications: 20 working days (Monday to Friday, the setting's default) after the
-- calendar day they were submitted (UTC), as decideByDate counts them, but never counted from
-- before the day of the upgrade: a backlog waiting when the rule arrives gets its full window, so
-- the first run of the job does not mark it all inactive (and e-mail every student) at once.
-- Twenty working days span at most 28 calendar days after the day, so 40 days hold the twentieth.
UPDATE "applications" a
   SET "decideBy" = (
     SELECT day::date
       FROM generate_series((GREATEST(a."submittedAt"::date, CURRENT_DATE) + 1)::timestamp,
                            (GREATEST(a."submittedAt"::date, CURRENT_DATE) + 40)::timestamp,
                            interval '1 day') AS day
      WHERE extract(isodow FROM day) < 6
      ORDER BY day
     OFFSET 19 LIMIT 1);

ALTER TABLE "applications" ALTER COLUMN "decideBy" SET NOT NULL;

-- Open offers: the reply-by date of the application's latest offer. Offers recorded before offers
-- had one (a bare approval) keep none, and are never declined by default.
UPDATE "applications" a
   SET "replyBy" = (o."data"->'offer'->>'replyBy')::date
  FROM (SELECT DISTINCT ON ("applicationId") "applicationId", "data"
          FROM "application_events"
         WHERE "transition" = 'make-offer'
         ORDER BY "applicationId", "id" DESC) o
 WHERE o."applicationId" = a."id"
   AND a."status" = 'approved'
   AND o."data"->'offer'->>'replyBy' ~ '^\d{4}-\d{2}-\d{2}$';

-- CreateIndex
CREATE INDEX "applications_status_decideBy_idx" ON "applications"("status", "decideBy");

-- CreateIndex
CREATE INDEX "applications_status_replyBy_idx" ON "applications"("status", "replyBy");

-- CreateTable
CREATE TABLE "offer_reminder_sends" (
    "applicationId" INTEGER NOT NULL,
    "replyBy" DATE NOT NULL,
    "sentAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "offer_reminder_sends_pkey" PRIMARY KEY ("applicationId","replyBy")
);

-- AddForeignKey
ALTER TABLE "offer_reminder_sends" ADD CONSTRAINT "offer_reminder_sends_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "applications"("id") ON DELETE CASCADE ON UPDATE CASCADE;
