-- A changed e-mail address stays pending until the link sent to it is opened: the account keeps
-- its address until then, and the pending one blocks nobody's registration. Existing accounts
-- have nothing pending; an address changed before this migration stays as it was.

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "pendingEmail" CITEXT,
ADD COLUMN     "pendingEmailExpiry" TIMESTAMP(3),
ADD COLUMN     "pendingEmailToken" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "users_pendingEmailToken_key" ON "users"("pendingEmailToken");

-- CreateIndex
CREATE INDEX "users_pendingEmail_idx" ON "users"("pendingEmail");
