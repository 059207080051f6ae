-- Programs reference their study level and field by name (docs/decisions/0005-foreign-keys-on-names.md).

-- No program may be written between the inserts below and the new keys.
LOCK TABLE "programs", "study_levels", "study_fields" IN SHARE ROW EXCLUSIVE MODE;

-- Keep every program: a name that programs use but a list lacks joins the end of that list.
INSERT INTO "study_levels" ("name", "position")
SELECT missing."level", last."position" + row_number() OVER (ORDER BY missing."level")
  FROM (SELECT DISTINCT p."level" FROM "programs" p
         WHERE NOT EXISTS (SELECT 1 FROM "study_levels" s WHERE s."name" = p."level")) missing,
       (SELECT coalesce(max("position"), 0) AS "position" FROM "study_levels") last;

INSERT INTO "study_fields" ("name", "position")
SELECT missing."field", last."position" + row_number() OVER (ORDER BY missing."field")
  FROM (SELECT DISTINCT p."field" FROM "programs" p
         WHERE NOT EXISTS (SELECT 1 FROM "study_fields" s WHERE s."name" = p."field")) missing,
       (SELECT coalesce(max("position"), 0) AS "position" FROM "study_fields") last;

-- AddForeignKey
ALTER TABLE "programs" ADD CONSTRAINT "programs_level_fkey" FOREIGN KEY ("level") REFERENCES "study_levels"("name") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "programs" ADD CONSTRAINT "programs_field_fkey" FOREIGN KEY ("field") REFERENCES "study_fields"("name") ON DELETE RESTRICT ON UPDATE CASCADE;
