import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// Import first in a test file that stores uploads: points UPLOADS_DIR at a fresh temporary folder
// before lib/env.server.ts reads it, so tests never write into the project's .data/uploads.

export const uploadsDir = mkdtempSync(join(tmpdir(), "unisearch-uploads-"));
process.env.UPLOADS_DIR = uploadsDir;
delete process.env.S3_BUCKET;
