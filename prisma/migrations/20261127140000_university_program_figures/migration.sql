-- Each university keeps the number of its live programs, their lowest tuition and the number of
-- its archived programs, so that the dashboard and the unfiltered program lists read one figure per
-- university instead of counting a million programs. Triggers keep them current in the transaction of
-- every write to programs (a form, the API, an import, the seed, a cascade), once per statement
-- for the universities whose programs the statement changed.
ALTER TABLE "universities" ADD COLUMN "programCount" INTEGER NOT NULL DEFAULT 0,
                           ADD COLUMN "minTuition" DECIMAL(10,2),
                           ADD COLUMN "archivedProgramCount" INTEGER NOT NULL DEFAULT 0;

UPDATE "universities" AS u
   SET "programCount" = s."count", "minTuition" = s."min", "archivedProgramCount" = s."archived"
  FROM (SELECT "universityId", count(*) FILTER (WHERE "archivedAt" IS NULL)::int AS "count",
               min("tuition") FILTER (WHERE "archivedAt" IS NULL) AS "min",
               count(*) FILTER (WHERE "archivedAt" IS NOT NULL)::int AS "archived"
          FROM "programs" GROUP BY "universityId") AS s
 WHERE u."id" = s."universityId";

-- Counts them again for `ids`. The universities are locked first, in id order, and counted by the
-- next statement: in READ COMMITTED each statement of a function sees what committed before it
-- began, so a concurrent write to the same university's programs, which takes the same lock in
-- its own trigger, has either committed and is counted, or waits and counts after this one. An
-- UPDATE that counted first and then waited for the row would keep a count without the other's
-- programs.
CREATE FUNCTION "universities_count_programs"(ids INTEGER[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM "universities" WHERE "id" = ANY(ids) ORDER BY "id" FOR NO KEY UPDATE;
  UPDATE "universities" AS u
     SET "programCount" = s."count", "minTuition" = s."min", "archivedProgramCount" = s."archived"
    FROM (SELECT a."id", count(p."id") FILTER (WHERE p."archivedAt" IS NULL)::int AS "count",
                 min(p."tuition") FILTER (WHERE p."archivedAt" IS NULL) AS "min",
                 count(p."id") FILTER (WHERE p."archivedAt" IS NOT NULL)::int AS "archived"
            FROM unnest(ids) AS a("id")
            LEFT JOIN "programs" AS p ON p."universityId" = a."id"
           GROUP BY a."id") AS s
   WHERE u."id" = s."id"
     AND (u."programCount", u."minTuition", u."archivedProgramCount")
         IS DISTINCT FROM (s."count", s."min", s."archived");
END $$;

CREATE FUNCTION "programs_count_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "universities_count_programs"(ARRAY(SELECT DISTINCT "universityId" FROM "inserted"));
  RETURN NULL;
END $$;

CREATE FUNCTION "programs_count_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "universities_count_programs"(ARRAY(SELECT DISTINCT "universityId" FROM "deleted"));
  RETURN NULL;
END $$;

-- An update changes the figures only through the university, the tuition or the archive mark:
-- an edit of anything else (a description, a deadline) counts nothing and locks nothing.
CREATE FUNCTION "programs_count_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "universities_count_programs"(ARRAY(
    SELECT DISTINCT ids."id"
      FROM "before" AS o JOIN "after" AS n ON n."id" = o."id"
     CROSS JOIN LATERAL (VALUES (o."universityId"), (n."universityId")) AS ids("id")
     WHERE o."universityId" <> n."universityId" OR o."tuition" <> n."tuition"
        OR o."archivedAt" IS DISTINCT FROM n."archivedAt"));
  RETURN NULL;
END $$;

-- AFTER triggers of an event fire in the order of their names: these follow the live-university
-- checks (programs_live_university_*), so that a write those refuse is refused with their message,
-- not with the one of the university's check, which the figures' update would fire first.
CREATE TRIGGER "programs_recount_insert" AFTER INSERT ON "programs"
  REFERENCING NEW TABLE AS "inserted" FOR EACH STATEMENT EXECUTE FUNCTION "programs_count_inserted"();
CREATE TRIGGER "programs_recount_update" AFTER UPDATE ON "programs"
  REFERENCING OLD TABLE AS "before" NEW TABLE AS "after" FOR EACH STATEMENT EXECUTE FUNCTION "programs_count_updated"();
CREATE TRIGGER "programs_recount_delete" AFTER DELETE ON "programs"
  REFERENCING OLD TABLE AS "deleted" FOR EACH STATEMENT EXECUTE FUNCTION "programs_count_deleted"();

-- The live universities and their programs counted from the index alone (the dashboard, the
-- unfiltered program lists).
DROP INDEX "universities_archivedAt_idx";
CREATE INDEX "universities_archivedAt_programCount_archivedProgramCount_idx"
  ON "universities"("archivedAt", "programCount", "archivedProgramCount");
