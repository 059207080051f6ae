-- When an admin last wrote a university: `npm run data:update` leaves such rows to the admins.
ALTER TABLE "universities" ADD COLUMN "editedAt" TIMESTAMP(3);

-- Universities admins created or edited before this column existed, from the audit log.
UPDATE "universities" AS u
   SET "editedAt" = a."at"
  FROM (SELECT "entityId", max("createdAt") AS "at"
          FROM "audit_events"
         WHERE "entityType" = 'university' AND "action" IN ('university.create', 'university.update')
         GROUP BY "entityId") AS a
 WHERE a."entityId" = u."id"::text;
