-- A draft's version counts its saves, so that a save based on an older copy (a tab left open, a
-- page restored by Back) is refused instead of replacing what was saved since.
ALTER TABLE "application_drafts" ADD COLUMN "version" INTEGER NOT NULL DEFAULT 1;
