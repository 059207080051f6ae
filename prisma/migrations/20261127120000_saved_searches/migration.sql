-- Saved searches of students with their weekly alerts, and the ledger of alert e-mails sent.
-- New tables only: no existing row changes.

-- CreateEnum
CREATE TYPE "SavedSearchKind" AS ENUM ('universities', 'programs');

-- CreateTable
CREATE TABLE "saved_searches" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "kind" "SavedSearchKind" NOT NULL,
    "name" TEXT NOT NULL,
    "query" TEXT NOT NULL,
    "alertsEnabled" BOOLEAN NOT NULL DEFAULT true,
    "alertedUntil" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "saved_searches_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "saved_search_alerts" (
    "savedSearchId" INTEGER NOT NULL,
    "since" TIMESTAMP(3) NOT NULL,
    "until" TIMESTAMP(3) NOT NULL,
    "items" INTEGER NOT NULL,
    "sentAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "saved_search_alerts_pkey" PRIMARY KEY ("savedSearchId","since")
);

-- CreateIndex
CREATE INDEX "saved_searches_alertsEnabled_idx" ON "saved_searches"("alertsEnabled");

-- CreateIndex
CREATE UNIQUE INDEX "saved_searches_userId_kind_query_key" ON "saved_searches"("userId", "kind", "query");

-- AddForeignKey
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "saved_search_alerts" ADD CONSTRAINT "saved_search_alerts_savedSearchId_fkey" FOREIGN KEY ("savedSearchId") REFERENCES "saved_searches"("id") ON DELETE CASCADE ON UPDATE CASCADE;
