-- A reset or verification link records the address it was sent to, and works only while the
-- account still has that address. Links already sent went to the account's current address.
ALTER TABLE "users" ADD COLUMN "resetTokenAddress" CITEXT;
ALTER TABLE "users" ADD COLUMN "emailVerifyAddress" CITEXT;

UPDATE "users" SET "resetTokenAddress" = "email" WHERE "resetToken" IS NOT NULL;
UPDATE "users" SET "emailVerifyAddress" = "email" WHERE "emailVerifyToken" IS NOT NULL;
