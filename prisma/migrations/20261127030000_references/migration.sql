-- References: the referees a student names for a submitted application, each answering through a
-- single-use link (its token stored hashed) with a written or uploaded reference, or declining.

-- CreateEnum
CREATE TYPE "ReferenceStatus" AS ENUM ('requested', 'received', 'declined', 'bounced', 'replaced');

-- CreateTable
CREATE TABLE "references" (
    "id" SERIAL NOT NULL,
    "applicationId" INTEGER NOT NULL,
    "refereeName" TEXT NOT NULL,
    "refereeEmail" TEXT NOT NULL,
    "relationship" TEXT NOT NULL,
    "waived" BOOLEAN NOT NULL,
    "status" "ReferenceStatus" NOT NULL DEFAULT 'requested',
    "tokenHash" TEXT NOT NULL,
    "tokenExpiresAt" TIMESTAMP(3) NOT NULL,
    "requestedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "remindedAt" TIMESTAMP(3),
    "answeredAt" TIMESTAMP(3),
    "text" TEXT,
    "declineReason" TEXT,
    "documentId" INTEGER,

    CONSTRAINT "references_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "references_tokenHash_key" ON "references"("tokenHash");

-- CreateIndex
CREATE UNIQUE INDEX "references_documentId_key" ON "references"("documentId");

-- CreateIndex
CREATE INDEX "references_applicationId_idx" ON "references"("applicationId");

-- AddForeignKey
ALTER TABLE "references" ADD CONSTRAINT "references_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "applications"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "references" ADD CONSTRAINT "references_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "application_documents"("id") ON DELETE SET NULL ON UPDATE CASCADE;
