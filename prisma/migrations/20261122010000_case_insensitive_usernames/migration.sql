-- Usernames and e-mails are unique, and found, whatever their letter case: both become citext
-- (case-insensitive text), so the unique indexes and every lookup compare them case-insensitively.
CREATE EXTENSION IF NOT EXISTS "citext";

-- Accounts that differ only in letter case cannot both keep their name. Which one to keep is the
-- operator's decision (DEVELOPERS.md, "Case-variant accounts"), so stop and name them.
DO $$
DECLARE
  duplicates TEXT;
BEGIN
  SELECT string_agg(clash, '; ') INTO duplicates FROM (
    SELECT 'username ' || string_agg(format('%L (id %s)', "username", "id"), ', ' ORDER BY "id") AS clash
      FROM "users" GROUP BY lower("username") HAVING count(*) > 1
    UNION ALL
    SELECT 'email ' || string_agg(format('%L (id %s)', "email", "id"), ', ' ORDER BY "id")
      FROM "users" GROUP BY lower("email") HAVING count(*) > 1
  ) clashes;
  IF duplicates IS NOT NULL THEN
    RAISE EXCEPTION 'Accounts differ only in letter case: %. Rename or delete all but one of each, then migrate again.', duplicates;
  END IF;
END $$;

-- AlterTable
ALTER TABLE "users" ALTER COLUMN "username" SET DATA TYPE CITEXT,
ALTER COLUMN "email" SET DATA TYPE CITEXT;
