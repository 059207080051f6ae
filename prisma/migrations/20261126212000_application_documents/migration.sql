-- Documents: the kinds a program may ask for, what each program asks for, and the files students
-- upload for their applications (kept in private storage; the rows name their keys).

-- CreateEnum
CREATE TYPE "DocumentStatus" AS ENUM ('checking', 'clean');

-- AlterTable
ALTER TABLE "programs" ADD COLUMN "referencesRequired" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "document_types" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "fileTypes" TEXT[],
    "maxBytes" INTEGER NOT NULL,

    CONSTRAINT "document_types_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "program_documents" (
    "programId" INTEGER NOT NULL,
    "documentType" TEXT NOT NULL,
    "required" BOOLEAN NOT NULL,

    CONSTRAINT "program_documents_pkey" PRIMARY KEY ("programId","documentType")
);

-- CreateTable
CREATE TABLE "application_documents" (
    "id" SERIAL NOT NULL,
    "key" TEXT NOT NULL,
    "userId" INTEGER NOT NULL,
    "programId" INTEGER NOT NULL,
    "applicationId" INTEGER,
    "documentType" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "status" "DocumentStatus" NOT NULL DEFAULT 'clean',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "application_documents_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "document_types_name_key" ON "document_types"("name");

-- CreateIndex
CREATE INDEX "program_documents_documentType_idx" ON "program_documents"("documentType");

-- CreateIndex
CREATE UNIQUE INDEX "application_documents_key_key" ON "application_documents"("key");

-- CreateIndex
CREATE INDEX "application_documents_userId_programId_idx" ON "application_documents"("userId", "programId");

-- CreateIndex
CREATE INDEX "application_documents_applicationId_idx" ON "application_documents"("applicationId");

-- CreateIndex
CREATE INDEX "application_documents_programId_idx" ON "application_documents"("programId");

-- CreateIndex
CREATE INDEX "application_documents_documentType_idx" ON "application_documents"("documentType");

-- AddForeignKey
ALTER TABLE "program_documents" ADD CONSTRAINT "program_documents_programId_fkey" FOREIGN KEY ("programId") REFERENCES "programs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "program_documents" ADD CONSTRAINT "program_documents_documentType_fkey" FOREIGN KEY ("documentType") REFERENCES "document_types"("name") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "application_documents" ADD CONSTRAINT "application_documents_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "application_documents" ADD CONSTRAINT "application_documents_programId_fkey" FOREIGN KEY ("programId") REFERENCES "programs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "application_documents" ADD CONSTRAINT "application_documents_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "applications"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "application_documents" ADD CONSTRAINT "application_documents_documentType_fkey" FOREIGN KEY ("documentType") REFERENCES "document_types"("name") ON DELETE RESTRICT ON UPDATE CASCADE;

-- The platform's starting list, so that every database has it (seeded or not); super admins add
-- more in Settings. Every type takes PDF; photos of a passport or a portfolio may be images too.
INSERT INTO "document_types" ("name", "position", "fileTypes", "maxBytes") VALUES
    ('Transcript', 1, ARRAY['application/pdf'], 10485760),
    ('Degree certificate', 2, ARRAY['application/pdf', 'image/jpeg', 'image/png'], 10485760),
    ('Passport', 3, ARRAY['application/pdf', 'image/jpeg', 'image/png'], 10485760),
    ('CV', 4, ARRAY['application/pdf'], 5242880),
    ('English test result', 5, ARRAY['application/pdf', 'image/jpeg', 'image/png'], 10485760),
    ('Motivation letter', 6, ARRAY['application/pdf'], 5242880),
    ('Portfolio', 7, ARRAY['application/pdf', 'image/jpeg', 'image/png'], 10485760),
    ('Reference', 8, ARRAY['application/pdf'], 10485760);
