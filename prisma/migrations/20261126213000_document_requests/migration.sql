-- Requests of the admissions team for a document or a correction, and the versions of documents
-- students upload in answer to them (beside the versions submitted with the application).

-- CreateEnum
CREATE TYPE "DocumentRequestStatus" AS ENUM ('open', 'answered', 'closed');

-- AlterTable
ALTER TABLE "application_documents" ADD COLUMN "requestId" INTEGER;

-- CreateTable
CREATE TABLE "document_requests" (
    "id" SERIAL NOT NULL,
    "applicationId" INTEGER NOT NULL,
    "documentType" TEXT,
    "message" TEXT NOT NULL,
    "status" "DocumentRequestStatus" NOT NULL DEFAULT 'open',
    "requestedById" INTEGER,
    "requestedByName" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "answer" TEXT,
    "answeredAt" TIMESTAMP(3),
    "closedAt" TIMESTAMP(3),
    "closedById" INTEGER,
    "closedByName" TEXT,

    CONSTRAINT "document_requests_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "application_documents_requestId_idx" ON "application_documents"("requestId");

-- CreateIndex
CREATE INDEX "document_requests_applicationId_createdAt_idx" ON "document_requests"("applicationId", "createdAt");

-- CreateIndex
CREATE INDEX "document_requests_status_applicationId_idx" ON "document_requests"("status", "applicationId");

-- CreateIndex
CREATE INDEX "document_requests_documentType_idx" ON "document_requests"("documentType");

-- CreateIndex
CREATE INDEX "document_requests_requestedById_idx" ON "document_requests"("requestedById");

-- CreateIndex
CREATE INDEX "document_requests_closedById_idx" ON "document_requests"("closedById");

-- AddForeignKey
ALTER TABLE "application_documents" ADD CONSTRAINT "application_documents_requestId_fkey" FOREIGN KEY ("requestId") REFERENCES "document_requests"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "document_requests" ADD CONSTRAINT "document_requests_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "applications"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "document_requests" ADD CONSTRAINT "document_requests_documentType_fkey" FOREIGN KEY ("documentType") REFERENCES "document_types"("name") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "document_requests" ADD CONSTRAINT "document_requests_requestedById_fkey" FOREIGN KEY ("requestedById") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "document_requests" ADD CONSTRAINT "document_requests_closedById_fkey" FOREIGN KEY ("closedById") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
