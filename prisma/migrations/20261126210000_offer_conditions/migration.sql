-- An offer's conditions, each tracked on its own (pending, met, not met, who changed it and when),
-- instead of a list in the offer's event that confirming the place recorded met all at once.

-- CreateEnum
CREATE TYPE "OfferConditionStatus" AS ENUM ('pending', 'met', 'not-met');

-- CreateTable
CREATE TABLE "offer_conditions" (
    "id" SERIAL NOT NULL,
    "applicationId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "text" TEXT NOT NULL,
    "status" "OfferConditionStatus" NOT NULL DEFAULT 'pending',
    "changedById" INTEGER,
    "changedByName" TEXT,
    "changedAt" TIMESTAMP(3),

    CONSTRAINT "offer_conditions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "offer_conditions_applicationId_position_key" ON "offer_conditions"("applicationId", "position");

-- AddForeignKey
ALTER TABLE "offer_conditions" ADD CONSTRAINT "offer_conditions_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "applications"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "offer_conditions" ADD CONSTRAINT "offer_conditions_changedById_fkey" FOREIGN KEY ("changedById") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Existing offers: the conditions of each application's latest offer, in their order. Those a
-- later confirmation of the place recorded met are met, changed by whoever confirmed it and when;
-- the others are pending (which of them an application that ended "conditions not met" failed was
-- never recorded).
INSERT INTO "offer_conditions" ("applicationId", "position", "text", "status", "changedById", "changedByName", "changedAt")
SELECT o."applicationId",
       (c.ordinality - 1)::integer,
       c.value,
       CASE WHEN confirmed."id" IS NULL THEN 'pending'::"OfferConditionStatus" ELSE 'met'::"OfferConditionStatus" END,
       confirmed."actorId",
       confirmed."actorName",
       confirmed."createdAt"
  FROM (SELECT DISTINCT ON ("applicationId") "id", "applicationId", "data"
          FROM "application_events"
         WHERE "transition" = 'make-offer'
         ORDER BY "applicationId", "id" DESC) o
 CROSS JOIN LATERAL jsonb_array_elements_text(
         CASE WHEN jsonb_typeof(o."data"->'offer'->'conditions') = 'array'
              THEN o."data"->'offer'->'conditions' ELSE '[]'::jsonb END) WITH ORDINALITY AS c(value, ordinality)
  LEFT JOIN LATERAL (SELECT e."id", e."actorId", e."actorName", e."createdAt"
                       FROM "application_events" e
                      WHERE e."applicationId" = o."applicationId"
                        AND e."transition" = 'confirm-conditions'
                        AND e."id" > o."id"
                      ORDER BY e."id"
                      LIMIT 1) confirmed ON true;
