-- Two rules about programs that the application checked only before writing, so two writes at
-- once could both pass the check. The database now keeps them whatever the order of the writes.

-- 1. A live program's key is its university, name and degree: the importer matches rows by it, and
--    two parallel creates or imports of the same key made two programs that it then refused as
--    ambiguous. Archived programs keep their key so that a new program may take it again. Live
--    duplicates made before this migration need a person to decide which one stays: the migration
--    stops and names them.
DO $$
DECLARE
  duplicates TEXT;
BEGIN
  SELECT string_agg(format('university %s, "%s" (%s): programs %s', "universityId", "name", "degree", ids), '; ')
    INTO duplicates
    FROM (SELECT "universityId", "name", "degree", string_agg("id"::text, ', ' ORDER BY "id") AS ids
            FROM "programs"
           WHERE "archivedAt" IS NULL
           GROUP BY "universityId", "name", "degree"
          HAVING count(*) > 1) AS shared;
  IF duplicates IS NOT NULL THEN
    RAISE EXCEPTION 'Live programs share a university, name and degree. Rename or archive all but one of each, then migrate again: %', duplicates;
  END IF;
END $$;

CREATE UNIQUE INDEX "programs_live_key" ON "programs"("universityId", "name", "degree") WHERE "archivedAt" IS NULL;

-- 2. No live program under an archived university: the public lists check only the program's own
--    archivedAt. The writes lock the university they rely on; these triggers are the backstop that
--    refuses any write breaking the rule (an archive sets the programs' archivedAt before the
--    university's, a restore the university's first). One check per statement, on the rows it
--    wrote, so a bulk insert costs one query. Programs left live under an archived university
--    before this migration are archived with it, as archiving the university would have done.
UPDATE "programs" AS p SET "archivedAt" = u."archivedAt"
  FROM "universities" AS u
 WHERE u."id" = p."universityId" AND u."archivedAt" IS NOT NULL AND p."archivedAt" IS NULL;

CREATE FUNCTION "programs_refuse_live_under_archived"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "written" p JOIN "universities" u ON u."id" = p."universityId"
              WHERE p."archivedAt" IS NULL AND u."archivedAt" IS NOT NULL) THEN
    RAISE EXCEPTION 'A live program cannot belong to an archived university'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'programs_live_university_check';
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION "universities_refuse_archived_with_live"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "written" u JOIN "programs" p ON p."universityId" = u."id"
              WHERE u."archivedAt" IS NOT NULL AND p."archivedAt" IS NULL) THEN
    RAISE EXCEPTION 'An archived university cannot keep live programs'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'programs_live_university_check';
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "programs_live_university_insert" AFTER INSERT ON "programs"
  REFERENCING NEW TABLE AS "written" FOR EACH STATEMENT EXECUTE FUNCTION "programs_refuse_live_under_archived"();
CREATE TRIGGER "programs_live_university_update" AFTER UPDATE ON "programs"
  REFERENCING NEW TABLE AS "written" FOR EACH STATEMENT EXECUTE FUNCTION "programs_refuse_live_under_archived"();
CREATE TRIGGER "universities_live_programs_update" AFTER UPDATE ON "universities"
  REFERENCING NEW TABLE AS "written" FOR EACH STATEMENT EXECUTE FUNCTION "universities_refuse_archived_with_live"();
