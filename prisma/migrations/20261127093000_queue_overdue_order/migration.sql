-- The workspace's queue reads a page of overdue applications in their order, the oldest decide-by
-- date first, from this index, and stops at the page's end instead of sorting every one of them.
CREATE INDEX "applications_decideBy_submittedAt_idx" ON "applications"("decideBy", "submittedAt");
