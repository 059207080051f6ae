-- A request of the team is asked and answered only while its application is open. When the
-- application closes (withdrawn, rejected, offer declined, enrolled...), the move closes its
-- requests still open or answered, and "closedWith" keeps the status that closed them, so that
-- both sides read why the request closed.

-- AlterTable
ALTER TABLE "document_requests" ADD COLUMN "closedWith" "ApplicationStatus";

-- Backfill: requests left open or answered on applications closed before this rule. Each closes
-- as the move that closed its application would have closed it: at that move's time, by whoever
-- made it (nobody for the scheduled jobs), with the status it reached. The closed statuses are
-- final, so that move is the latest event that reached the application's status from another.
-- An application with no such event (written by hand) closes its requests now. The trigger
-- "document_requests_count" takes them off the application's counts.
UPDATE "document_requests" r
   SET "status" = 'closed',
       "closedWith" = a."status",
       "closedAt" = COALESCE(e."createdAt", CURRENT_TIMESTAMP),
       "closedById" = e."actorId",
       "closedByName" = e."actorName"
  FROM "applications" a
  LEFT JOIN LATERAL (
    SELECT "createdAt", "actorId", "actorName" FROM "application_events"
     WHERE "applicationId" = a."id" AND "toStatus" = a."status"
       AND "fromStatus" IS DISTINCT FROM "toStatus"
     ORDER BY "createdAt" DESC, "id" DESC LIMIT 1
  ) e ON TRUE
 WHERE r."applicationId" = a."id"
   AND r."status" IN ('open', 'answered')
   AND a."status" NOT IN ('pending', 'in-review', 'sent-to-university', 'interviewing', 'approved',
                          'conditions-pending', 'place-confirmed', 'deferred', 'inactive');
