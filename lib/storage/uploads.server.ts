import "server-only";
import { prisma } from "@/lib/db/client.server";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { badRequest } from "@/lib/http/errors";
import { logger } from "@/lib/log.server";
import type { StorageDriver } from "./driver";
import { getLocalStorage, getStorage } from "./storage.server";

// Which university uses which uploaded file (tables uploads and university_uploads). A university
// write records the files it names in its own transaction, and never deletes a file: another
// admin's form may still show it and be saved after. `npm run jobs:uploads` deletes the files no
// university has used for UPLOAD_GRACE_MS, uploads never saved included.
//
// The write and the sweeper cannot cross: the write updates each upload row it names (touchedAt),
// and the sweeper's DELETE, conditional on touchedAt being old, re-checks that condition on a row
// a write changed meanwhile (PostgreSQL waits for the write to end): it skips the row. A write
// that names a row the sweeper deleted first finds no row and is refused.

/** How long a file no university uses is kept: an admin may still save a form that shows it. */
export const UPLOAD_GRACE_MS = 24 * 60 * 60 * 1000;

export const IMAGE_NOT_STORED = "This image is no longer stored. Upload it again.";

/** The upload key of one of our files' URLs (the bucket's, or the uploads folder's), else null. */
export function uploadKeyOf(url: string): string | null {
  return getStorage().keyOf(url) ?? getLocalStorage().keyOf(url);
}

/** Records a new upload before its file is stored, so no stored file escapes the sweeper. */
export async function recordUpload(key: string): Promise<void> {
  await prisma.upload.create({ data: { key }, select: { key: true } });
}

/**
 * Records that university `universityId` uses the uploaded files among `images` (and no others it
 * used before), in the write's transaction. A file that is not stored any more (or never was) is a
 * 400 on its field: the university would show a missing image.
 */
export async function recordUsedUploads(
  tx: Prisma.TransactionClient,
  universityId: number,
  images: { mainImage: string | null; images: string[] },
): Promise<void> {
  const fieldOf = new Map<string, string>();
  const named: [string, string | null][] = [
    ["mainImage", images.mainImage],
    ...images.images.map((url, index): [string, string] => [`images.${index}`, url]),
  ];
  for (const [field, url] of named) {
    const key = url ? uploadKeyOf(url) : null;
    if (key && !fieldOf.has(key)) fieldOf.set(key, field);
  }
  const keys = [...fieldOf.keys()];
  if (keys.length > 0) {
    const found = await tx.$queryRaw<{ key: string }[]>`
      UPDATE "uploads" SET "touchedAt" = now() WHERE "key" = ANY(${keys}::text[]) RETURNING "key"`;
    const stored = new Set(found.map((row) => row.key));
    const missing = keys.filter((key) => !stored.has(key));
    if (missing.length > 0) {
      throw badRequest(
        IMAGE_NOT_STORED,
        Object.fromEntries(missing.map((key) => [fieldOf.get(key)!, [IMAGE_NOT_STORED]])),
      );
    }
  }
  // Files it stops using start their grace period now.
  await tx.$executeRaw`
    WITH "dropped" AS (
      DELETE FROM "university_uploads"
       WHERE "universityId" = ${universityId} AND NOT ("key" = ANY(${keys}::text[]))
      RETURNING "key")
    UPDATE "uploads" SET "touchedAt" = now() WHERE "key" IN (SELECT "key" FROM "dropped")`;
  if (keys.length > 0) {
    await tx.$executeRaw`
      INSERT INTO "university_uploads" ("universityId", "key")
      SELECT ${universityId}, unnest(${keys}::text[])
      ON CONFLICT DO NOTHING`;
  }
}

export interface SweepResult {
  /** Files deleted. */
  deleted: number;
  /** Files that could not be deleted: tried again on the next run. */
  failed: number;
}

/**
 * Deletes the uploads no university uses and none has touched for `graceMs`: their rows in one
 * statement, then their files. A file that cannot be deleted gets its row back, due at once.
 */
export async function sweepUnusedUploads(
  db: PrismaClient,
  options: { graceMs?: number; driver?: StorageDriver } = {},
): Promise<SweepResult> {
  const graceSeconds = (options.graceMs ?? UPLOAD_GRACE_MS) / 1000;
  const driver = options.driver ?? getStorage();
  const swept = await db.$queryRaw<{ key: string }[]>`
    DELETE FROM "uploads" up
     WHERE up."touchedAt" < now() - make_interval(secs => ${graceSeconds}::float8)
       AND NOT EXISTS (SELECT 1 FROM "university_uploads" used WHERE used."key" = up."key")
    RETURNING up."key"`;
  let failed = 0;
  for (const { key } of swept) {
    try {
      await driver.delete(key);
    } catch (error) {
      failed++;
      logger().warn({ err: error, key }, "could not delete an unused upload: tried again next run");
      await db.upload.create({ data: { key, touchedAt: new Date(0) }, select: { key: true } });
    }
  }
  return { deleted: swept.length - failed, failed };
}
