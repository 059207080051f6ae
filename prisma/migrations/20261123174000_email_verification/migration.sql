-- E-mail verification (issue 11 §4): Google sign-in links only to an account whose e-mail has
-- been verified. Existing accounts made by a Google sign-in count as verified (Google vouched for
-- the address); the others stay unverified until their owner follows a verification link (the
-- profile sends one) or resets the password by e-mail. The seed marks its demo accounts verified.

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "emailVerifiedAt" TIMESTAMP(3),
ADD COLUMN     "emailVerifyExpiry" TIMESTAMP(3),
ADD COLUMN     "emailVerifyToken" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "users_emailVerifyToken_key" ON "users"("emailVerifyToken");

UPDATE "users" SET "emailVerifiedAt" = "createdAt" WHERE "googleId" IS NOT NULL AND "password" IS NULL;
