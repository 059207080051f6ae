-- One OPEN application per student and program, instead of one application: a rejected or
-- withdrawn application stays (with its history) and the student may apply again. Every existing
-- row satisfies the new index, since the old one allowed a single row per pair.
DROP INDEX "applications_userId_programId_key";

CREATE INDEX "applications_userId_programId_idx" ON "applications"("userId", "programId");

CREATE UNIQUE INDEX "applications_one_open_key" ON "applications"("userId", "programId")
  WHERE "status" IN ('pending', 'in-review', 'sent-to-university', 'interviewing', 'approved',
    'conditions-pending', 'place-confirmed', 'deferred', 'inactive');
