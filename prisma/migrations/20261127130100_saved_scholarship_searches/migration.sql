-- A saved search may be of scholarships (the /scholarships search). A value added to the enum; no
-- row changes.
ALTER TYPE "SavedSearchKind" ADD VALUE 'scholarships';
