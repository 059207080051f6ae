-- The program search of /programs (issue 14) sorts live programs by tuition or by name; the
-- deadline sort uses programs_deadline_idx.
CREATE INDEX "programs_tuition_idx" ON "programs"("tuition");
CREATE INDEX "programs_name_idx" ON "programs"("name");
