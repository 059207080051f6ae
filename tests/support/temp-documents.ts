import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// Import first in a test file that stores documents: points DOCUMENTS_DIR at a fresh temporary
// folder before lib/env.server.ts reads it, so tests never write into the project's .data.

export const documentsDir = mkdtempSync(join(tmpdir(), "unisearch-documents-"));
process.env.DOCUMENTS_DIR = documentsDir;
delete process.env.S3_DOCUMENTS_BUCKET;
delete process.env.DOCUMENT_SCAN_COMMAND;
