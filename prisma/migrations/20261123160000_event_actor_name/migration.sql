-- A status change keeps the name of whoever made it, so the history still says who after that
-- account is deleted (actorId becomes null then). Existing entries take their actor's name now.

-- AlterTable
ALTER TABLE "application_events" ADD COLUMN "actorName" TEXT;

UPDATE "application_events" e SET "actorName" = u."fullName" FROM "users" u WHERE e."actorId" = u."id";
