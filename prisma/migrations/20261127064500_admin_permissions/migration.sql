-- What a team admin may do beyond the team's default: make decisions on applications, manage the
-- catalogue, export data (lib/auth/staff-permissions.ts). Super admins hold every permission
-- without a grant; students hold none.

-- CreateEnum
CREATE TYPE "Permission" AS ENUM ('make-decisions', 'manage-catalogue', 'export-data');

-- AlterTable
ALTER TABLE "users" ADD COLUMN "permissions" "Permission"[] NOT NULL DEFAULT ARRAY[]::"Permission"[];

-- Every team admin could do all of this before permissions existed: the teams at work keep what
-- they did. Accounts made admins from now on start with none.
UPDATE "users"
   SET "permissions" = ARRAY['make-decisions', 'manage-catalogue', 'export-data']::"Permission"[]
 WHERE "role" = 'admin' AND "adminType" = 'team';
