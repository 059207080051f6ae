-- Each row an admin (or a student, for their profile) edits through a form counts its edits, so that
-- a save based on an older copy (a second tab, a colleague's earlier change) is refused instead of
-- silently undoing what was saved since.
ALTER TABLE "users" ADD COLUMN "version" INTEGER NOT NULL DEFAULT 1;
ALTER TABLE "universities" ADD COLUMN "version" INTEGER NOT NULL DEFAULT 1;
ALTER TABLE "programs" ADD COLUMN "version" INTEGER NOT NULL DEFAULT 1;
ALTER TABLE "settings" ADD COLUMN "version" INTEGER NOT NULL DEFAULT 1;
