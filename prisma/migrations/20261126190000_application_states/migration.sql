-- The application's life after the university decides (lib/applications/workflow.ts). The new
-- values are added in a migration of their own: PostgreSQL cannot use an enum value in the
-- transaction that adds it, and the next migration's index names them.
ALTER TYPE "ApplicationStatus" ADD VALUE 'interviewing';
ALTER TYPE "ApplicationStatus" ADD VALUE 'conditions-pending';
ALTER TYPE "ApplicationStatus" ADD VALUE 'place-confirmed';
ALTER TYPE "ApplicationStatus" ADD VALUE 'conditions-not-met';
ALTER TYPE "ApplicationStatus" ADD VALUE 'offer-declined';
ALTER TYPE "ApplicationStatus" ADD VALUE 'offer-withdrawn';
ALTER TYPE "ApplicationStatus" ADD VALUE 'deferred';
ALTER TYPE "ApplicationStatus" ADD VALUE 'enrolled';
ALTER TYPE "ApplicationStatus" ADD VALUE 'withdrawn';
ALTER TYPE "ApplicationStatus" ADD VALUE 'inactive';

-- Each event names its transition and keeps why and what it recorded.
ALTER TABLE "application_events" ADD COLUMN "transition" TEXT;
ALTER TABLE "application_events" ADD COLUMN "reason" TEXT;
ALTER TABLE "application_events" ADD COLUMN "data" JSONB;
