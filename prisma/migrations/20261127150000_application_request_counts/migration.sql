-- How many of each application's requests wait for the student (open) and for the team
-- (answered), kept on the application by a trigger on "document_requests", so that the team's
-- queue counts its tabs from the application's own row through one index instead of joining every
-- application with its requests on each read.

-- AlterTable
ALTER TABLE "applications" ADD COLUMN "openRequests" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "answeredRequests" INTEGER NOT NULL DEFAULT 0;

-- Backfill: the requests already there.
UPDATE "applications" a
   SET "openRequests" = r."open", "answeredRequests" = r."answered"
  FROM (SELECT "applicationId",
               count(*) FILTER (WHERE "status" = 'open')::int AS "open",
               count(*) FILTER (WHERE "status" = 'answered')::int AS "answered"
          FROM "document_requests" WHERE "status" <> 'closed' GROUP BY "applicationId") r
 WHERE r."applicationId" = a."id";

-- Every write of a request moves its application's counts, in the writer's transaction. Each
-- change is an increment or a decrement of the application's row (never a count read beside
-- it): two requests of one application written at once wait for each other's row lock, and the
-- second adds to what the first left, whoever the writer (the commands, the seed, a script).
-- A request whose application's id changed (the foreign key's ON UPDATE CASCADE) finds no row
-- under its old id: its counts moved with the row, and the new id gets nothing more.
CREATE FUNCTION "document_requests_count"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved BOOLEAN := TRUE;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."status" IN ('open', 'answered') THEN
    UPDATE "applications"
       SET "openRequests" = "openRequests" - (OLD."status" = 'open')::int,
           "answeredRequests" = "answeredRequests" - (OLD."status" = 'answered')::int
     WHERE "id" = OLD."applicationId";
    moved := FOUND OR OLD."applicationId" = NEW."applicationId";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."status" IN ('open', 'answered') AND moved THEN
    UPDATE "applications"
       SET "openRequests" = "openRequests" + (NEW."status" = 'open')::int,
           "answeredRequests" = "answeredRequests" + (NEW."status" = 'answered')::int
     WHERE "id" = NEW."applicationId";
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "document_requests_count_insert_delete" AFTER INSERT OR DELETE ON "document_requests"
  FOR EACH ROW EXECUTE FUNCTION "document_requests_count"();
CREATE TRIGGER "document_requests_count_update" AFTER UPDATE OF "status", "applicationId" ON "document_requests"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."applicationId" IS DISTINCT FROM NEW."applicationId")
  EXECUTE FUNCTION "document_requests_count"();

-- The queue's facts in one index: the tabs' counts read it alone (an index-only scan, grouped in
-- its order), the assignee's filter ("My queue") too. It serves the jobs' reads by status and
-- decide-by date as the index it replaces did.
DROP INDEX "applications_status_decideBy_idx";
CREATE INDEX "applications_queue_facts_idx" ON "applications"("status", "decideBy", "openRequests", "answeredRequests", "assigneeId");
