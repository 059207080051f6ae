-- The workspace searches applications by the student's name, any case and accents, as the
-- catalogue's name searches do: a trigram index on the unaccented full name (lib/db/text-match.ts).
CREATE INDEX "users_fullName_unaccent_trgm_idx" ON "users" USING GIN ("immutable_unaccent"("fullName") gin_trgm_ops);
