-- The team's queue's buckets, each in its order (QUEUE_INDEXES of
-- lib/applications/queue-indexes.ts), so that a first page's read of a bucket stops after the rows
-- it needs: the undecided by decide-by date (the overdue first); those with an answered request,
-- those in progress and the closed ones, each by submission.
CREATE INDEX "applications_undecided_decideBy_idx" ON "applications"("decideBy", "submittedAt", "id")
  WHERE "status" IN ('pending', 'in-review', 'sent-to-university', 'interviewing');
CREATE INDEX "applications_answered_submittedAt_idx" ON "applications"("submittedAt", "id")
  WHERE "answeredRequests" > 0;
CREATE INDEX "applications_in_progress_submittedAt_idx" ON "applications"("submittedAt", "id")
  WHERE "status" IN ('in-review', 'sent-to-university', 'interviewing', 'approved', 'place-confirmed', 'deferred');
CREATE INDEX "applications_closed_submittedAt_idx" ON "applications"("submittedAt", "id")
  WHERE "status" IN ('rejected', 'conditions-not-met', 'offer-declined', 'offer-withdrawn', 'enrolled', 'withdrawn');
