// First: UPLOADS_DIR must point at a temporary folder before the storage module reads it.
import { uploadsDir } from "../support/temp-uploads";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { Client } from "pg";
import { POST as createUniversity } from "@/app/api/universities/route";
import { DELETE as deleteUniversity, PATCH as updateUniversity } from "@/app/api/universities/[id]/route";
import { POST as upload } from "@/app/api/uploads/route";
import { createPrismaClient, prisma } from "@/lib/db/client.server";
import type { StorageDriver } from "@/lib/storage/driver";
import { getStorage } from "@/lib/storage/storage.server";
import {
  IMAGE_NOT_STORED,
  recordUsedUploads,
  sweepUnusedUploads,
  UPLOAD_GRACE_MS,
} from "@/lib/storage/uploads.server";
import type { Agent } from "../support/agent";
import { cleanup, remember, uniqueTag } from "../support/factories";
import { testOnPostgres } from "../support/postgres-only";
import { signInEachRole } from "../support/roles";
import { universityFormBody } from "../support/university-body";

// Uploaded files and the universities that use them: a university write records its files in its
// transaction and never deletes one (a stale form saved later may still name it); a file that is
// not stored is refused; `npm run jobs:uploads` deletes the files no university has used for a
// day, and never one a write is naming at the same moment.

const tag = uniqueTag();
const png = new Uint8Array(readFileSync(join(__dirname, "../fixtures/images/campus-blue.png")));
let admin: Agent;

beforeAll(async () => {
  admin = (await signInEachRole(`upl${tag}`)).agents.super;
});

afterAll(async () => {
  await cleanup();
  rmSync(uploadsDir, { recursive: true, force: true });
});

const body = (name: string, images: { mainImage?: string | null; images?: string[] } = {}) =>
  universityFormBody(name, images);

async function uploadImage(): Promise<{ url: string; key: string }> {
  const response = await admin.call(upload, "/api/uploads", {
    method: "POST",
    body: png,
    headers: { "content-type": "image/png" },
  });
  expect(response.status).toBe(201);
  return response.json();
}

async function create(json: unknown): Promise<{ id: number; mainImage: string | null }> {
  const response = await admin.call(createUniversity, "/api/universities", { json });
  expect(response.status).toBe(201);
  return remember("university", await response.json());
}

const patch = (id: number, json: unknown) =>
  admin.call(updateUniversity, `/api/universities/${id}`, {
    method: "PATCH",
    json,
    params: { id: String(id) },
  });

const stored = (key: string) => existsSync(join(uploadsDir, key));

/** Makes these uploads look untouched for longer than the grace period. */
const age = (...keys: string[]) =>
  prisma.upload.updateMany({
    where: { key: { in: keys } },
    data: { touchedAt: new Date(Date.now() - UPLOAD_GRACE_MS - 60_000) },
  });

test("a stale form saved after another save removed the image keeps a stored image", async () => {
  const image = await uploadImage();
  const university = await create(body(`Stale Form ${tag}`, { mainImage: image.url }));
  // One admin removes the image; another, whose form still shows it, saves after.
  expect((await patch(university.id, body(`Stale Form ${tag}`))).status).toBe(200);
  const stale = await patch(university.id, body(`Stale Form ${tag} Edited`, { mainImage: image.url }));
  expect(stale.status).toBe(200);
  expect((await stale.json()).mainImage).toBe(image.url);
  expect(stored(image.key)).toBe(true);
  expect(
    await prisma.universityUpload.count({ where: { universityId: university.id, key: image.key } }),
  ).toBe(1);
});

test("an image address of ours that was never uploaded is refused on its field, nothing written", async () => {
  const university = await create(body(`Unknown Key ${tag}`));
  const missing = `/uploads/${randomBytes(16).toString("hex")}.png`;
  const kept = await uploadImage();
  const response = await patch(
    university.id,
    body(`Unknown Key ${tag} Renamed`, { images: [kept.url, missing] }),
  );
  expect(response.status).toBe(400);
  expect(await response.json()).toMatchObject({
    error: IMAGE_NOT_STORED,
    fieldErrors: { "images.1": [IMAGE_NOT_STORED] },
  });
  const row = await prisma.university.findUniqueOrThrow({ where: { id: university.id } });
  expect(row).toMatchObject({ name: `Unknown Key ${tag}`, images: [] });

  const created = await admin.call(createUniversity, "/api/universities", {
    json: body(`Unknown Key ${tag} New`, { mainImage: missing }),
  });
  expect(created.status).toBe(400);
  expect((await created.json()).fieldErrors).toEqual({ mainImage: [IMAGE_NOT_STORED] });
  expect(await prisma.university.count({ where: { name: `Unknown Key ${tag} New` } })).toBe(0);
  // Addresses of other sites are not uploads: they are saved as given.
  const foreign = await patch(
    university.id,
    body(`Unknown Key ${tag}`, { mainImage: "https://example.com/a.png" }),
  );
  expect(foreign.status).toBe(200);
});

test("the sweeper deletes only the files no university used for the grace period", async () => {
  const [used, neverSaved, fresh, dropped, ofDeleted] = await Promise.all(
    Array.from({ length: 5 }, () => uploadImage()),
  );
  const university = await create(body(`Sweep ${tag}`, { mainImage: used.url, images: [dropped.url] }));
  expect((await patch(university.id, body(`Sweep ${tag}`, { mainImage: used.url }))).status).toBe(200);
  const deleted = await create(body(`Sweep ${tag} Deleted`, { mainImage: ofDeleted.url }));
  const removal = await admin.call(deleteUniversity, `/api/universities/${deleted.id}`, {
    method: "DELETE",
    params: { id: String(deleted.id) },
  });
  expect(removal.status).toBe(204);
  expect(stored(ofDeleted.key)).toBe(true);

  // Within the grace period nothing unused is deleted.
  await sweepUnusedUploads(prisma);
  for (const image of [used, neverSaved, fresh, dropped, ofDeleted]) expect(stored(image.key)).toBe(true);

  await age(used.key, neverSaved.key, dropped.key, ofDeleted.key);
  const result = await sweepUnusedUploads(prisma);
  expect(result.failed).toBe(0);
  expect(result.deleted).toBeGreaterThanOrEqual(3);
  expect([used, neverSaved, fresh, dropped, ofDeleted].map((image) => stored(image.key))).toEqual([
    true,
    false,
    true,
    false,
    false,
  ]);
  const rows = await prisma.upload.findMany({
    where: { key: { in: [used, neverSaved, fresh, dropped, ofDeleted].map((image) => image.key) } },
    select: { key: true },
  });
  expect(rows.map((row) => row.key).sort()).toEqual([used.key, fresh.key].sort());

  // A file that cannot be deleted keeps its row, due again on the next run.
  const stubborn = await uploadImage();
  await age(stubborn.key);
  const failing = {
    ...getStorage(),
    delete: () => Promise.reject(new Error("the disk is read-only")),
  } as StorageDriver;
  const failed = await sweepUnusedUploads(prisma, { driver: failing });
  expect(failed.failed).toBeGreaterThanOrEqual(1);
  expect(stored(stubborn.key)).toBe(true);
  expect(await prisma.upload.findUniqueOrThrow({ where: { key: stubborn.key } })).toMatchObject({
    touchedAt: new Date(0),
  });
  await sweepUnusedUploads(prisma);
  expect(stored(stubborn.key)).toBe(false);

  // A swept file is no longer stored: a form that still names it is refused, never saved as a 404.
  const stale = await patch(university.id, body(`Sweep ${tag}`, { mainImage: neverSaved.url }));
  expect(stale.status).toBe(400);
});

// Two sessions interleave only on PostgreSQL (the embedded database holds other connections
// while a transaction runs).
testOnPostgres(
  "the sweeper running while a write names an old unused file leaves the file to the write",
  async () => {
    const image = await uploadImage();
    const university = await create(body(`Sweep Race ${tag}`));
    await age(image.key);
    const writer = createPrismaClient(process.env.DATABASE_URL!, { max: 1 });
    const watcher = new Client({ connectionString: process.env.DATABASE_URL });
    await watcher.connect();
    try {
      let sweeping: ReturnType<typeof sweepUnusedUploads> | undefined;
      await writer.$transaction(async (tx) => {
        await recordUsedUploads(tx, university.id, { mainImage: image.url, images: [] });
        await tx.university.update({ where: { id: university.id }, data: { mainImage: image.url } });
        sweeping = sweepUnusedUploads(prisma);
        // The sweeper's delete waits for the row this transaction updated.
        for (let waited = 0; ; waited += 20) {
          const { rows } = await watcher.query(
            `SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE wait_event_type = 'Lock' AND query LIKE '%DELETE FROM "uploads"%'`,
          );
          if (rows[0].n > 0) break;
          if (waited > 10_000) throw new Error("the sweeper never waited for the write");
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      });
      await sweeping;
      expect(stored(image.key)).toBe(true);
      expect(await prisma.upload.count({ where: { key: image.key } })).toBe(1);
    } finally {
      await watcher.end();
      await writer.$disconnect();
    }
  },
);
