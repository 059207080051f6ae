-- The searches compare and sort programs by their tuition in US dollars, the currency the search's
-- cost filter, its lowest-tuition sort and a university's "from $X per year" are in: a program's
-- amount is in its own currency, and 12,000 euros is not 12,000 dollars. Each program keeps that
-- figure, "tuitionUsd": its tuition converted at its currency's latest exchange rate, rounded to
-- the cent half away from zero as lib/money/convert.ts rounds (tuition / rate, the rate being units
-- of the currency per dollar); NULL when the currency has no rate (nothing is invented: a search's
-- cost filter then leaves the program out, and the sorts put it last). A trigger writes it whenever
-- a program's tuition or currency is written; loading rates writes it again for the programs of
-- the currencies loaded (lib/rates/commands.server.ts). The app never writes it.

-- The largest tuition (99,999,999.99) at the smallest rate a file may hold (0.0000000001).
ALTER TABLE "programs" ADD COLUMN "tuitionUsd" DECIMAL(30,2);

-- `amount` of `currency` in US dollars at the currency's latest rate. div() is the exact integer
-- quotient, so the rounding is exact: round(amount / rate, 2) = div(200 * amount + rate, 2 * rate) / 100.
CREATE FUNCTION "in_us_dollars"(amount NUMERIC, currency TEXT) RETURNS NUMERIC LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN currency = 'USD' THEN round(amount, 2)
              ELSE (SELECT div(200 * amount + r."rate", 2 * r."rate") / 100
                      FROM "exchange_rates" r
                     WHERE r."currency" = "in_us_dollars".currency AND r."rate" > 0
                     ORDER BY r."rateDate" DESC LIMIT 1) END
$$;

-- A program in another currency reads its rate under a shared lock that loading rates takes
-- exclusively (pg_advisory_xact_lock's two-key form, class 0x726174): a write that read the old
-- rate commits before the load rewrites the figures, and one that comes during a load waits for
-- it and reads the new rate (each statement of a trigger function sees what committed before it
-- began). Without it, a program added while rates were loading would keep the old rate's figure.
CREATE FUNCTION "programs_tuition_in_us_dollars"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."currency" = 'USD' THEN
    NEW."tuitionUsd" := round(NEW."tuition", 2);
  ELSE
    PERFORM pg_advisory_xact_lock_shared(7496052, 0);
    NEW."tuitionUsd" := "in_us_dollars"(NEW."tuition", NEW."currency");
  END IF;
  RETURN NEW;
END $$;

-- Also on a write of the figure itself: nothing else can set it, and a write of it recomputes it.
CREATE TRIGGER "programs_tuition_usd" BEFORE INSERT OR UPDATE OF "tuition", "currency", "tuitionUsd" ON "programs"
  FOR EACH ROW EXECUTE FUNCTION "programs_tuition_in_us_dollars"();

-- A university's stored lowest tuition is in US dollars too ("minTuitionUsd"), counted again when a
-- program's figure changes (a new rate included).
ALTER TABLE "universities" RENAME COLUMN "minTuition" TO "minTuitionUsd";
ALTER TABLE "universities" ALTER COLUMN "minTuitionUsd" TYPE DECIMAL(30,2);

CREATE OR REPLACE FUNCTION "universities_count_programs"(ids INTEGER[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM "universities" WHERE "id" = ANY(ids) ORDER BY "id" FOR NO KEY UPDATE;
  UPDATE "universities" AS u
     SET "programCount" = s."count", "minTuitionUsd" = s."min", "archivedProgramCount" = s."archived"
    FROM (SELECT a."id", count(p."id") FILTER (WHERE p."archivedAt" IS NULL)::int AS "count",
                 min(p."tuitionUsd") FILTER (WHERE p."archivedAt" IS NULL) AS "min",
                 count(p."id") FILTER (WHERE p."archivedAt" IS NOT NULL)::int AS "archived"
            FROM unnest(ids) AS a("id")
            LEFT JOIN "programs" AS p ON p."universityId" = a."id"
           GROUP BY a."id") AS s
   WHERE u."id" = s."id"
     AND (u."programCount", u."minTuitionUsd", u."archivedProgramCount")
         IS DISTINCT FROM (s."count", s."min", s."archived");
END $$;

CREATE OR REPLACE FUNCTION "programs_count_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "universities_count_programs"(ARRAY(
    SELECT DISTINCT ids."id"
      FROM "before" AS o JOIN "after" AS n ON n."id" = o."id"
     CROSS JOIN LATERAL (VALUES (o."universityId"), (n."universityId")) AS ids("id")
     WHERE o."universityId" <> n."universityId" OR o."tuitionUsd" IS DISTINCT FROM n."tuitionUsd"
        OR o."archivedAt" IS DISTINCT FROM n."archivedAt"));
  RETURN NULL;
END $$;

-- Every program's figure (a write of the column, whatever its value, has the trigger work it out),
-- and with it every university's lowest (the statement's recount).
UPDATE "programs" SET "tuitionUsd" = NULL;

-- The indexes on tuition served the searches' cost filter and tuition sorts: they now read the
-- figure in dollars.
DROP INDEX "programs_tuition_universityId_archivedAt_idx";
CREATE INDEX "programs_tuitionUsd_universityId_archivedAt_idx" ON "programs"("tuitionUsd", "universityId", "archivedAt");
DROP INDEX "programs_universityId_tuition_idx";
CREATE INDEX "programs_universityId_tuitionUsd_idx" ON "programs"("universityId", "tuitionUsd");
DROP INDEX "programs_search_field_arts_idx";
DROP INDEX "programs_search_field_business_idx";
DROP INDEX "programs_search_field_computer_science_idx";
DROP INDEX "programs_search_field_engineering_idx";
DROP INDEX "programs_search_field_law_idx";
DROP INDEX "programs_search_field_medicine_idx";
DROP INDEX "programs_search_field_science_idx";
DROP INDEX "programs_search_field_social_sciences_idx";
CREATE INDEX "programs_search_field_arts_idx" ON "programs"("level", "tuitionUsd", "universityId") WHERE "archivedAt" IS NULL AND "name" ILIKE '%Arts%';
CREATE INDEX "programs_search_field_business_idx" ON "programs"("level", "tuitionUsd", "universityId") WHERE "archivedAt" IS NULL AND "name" ILIKE '%Business%';
CREATE INDEX "programs_search_field_computer_science_idx" ON "programs"("level", "tuitionUsd", "universityId") WHERE "archivedAt" IS NULL AND "name" ILIKE '%Computer Science%';
CREATE INDEX "programs_search_field_engineering_idx" ON "programs"("level", "tuitionUsd", "universityId") WHERE "archivedAt" IS NULL AND "name" ILIKE '%Engineering%';
CREATE INDEX "programs_search_field_law_idx" ON "programs"("level", "tuitionUsd", "universityId") WHERE "archivedAt" IS NULL AND "name" ILIKE '%Law%';
CREATE INDEX "programs_search_field_medicine_idx" ON "programs"("level", "tuitionUsd", "universityId") WHERE "archivedAt" IS NULL AND "name" ILIKE '%Medicine%';
CREATE INDEX "programs_search_field_science_idx" ON "programs"("level", "tuitionUsd", "universityId") WHERE "archivedAt" IS NULL AND "name" ILIKE '%Science%';
CREATE INDEX "programs_search_field_social_sciences_idx" ON "programs"("level", "tuitionUsd", "universityId") WHERE "archivedAt" IS NULL AND "name" ILIKE '%Social Sciences%';
