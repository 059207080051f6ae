import "server-only";
import { randomBytes } from "node:crypto";
import { env, type Env } from "@/lib/env.server";
import { HttpError } from "@/lib/http/errors";
import { IMAGE_ONLY, IMAGE_TOO_LARGE, MAX_IMAGE_BYTES, sniffImageType } from "@/lib/images/sniff";
import type { StorageDriver } from "./driver";
import { LocalStorage } from "./local.server";
import { S3Storage } from "./s3.server";

// The one way the app stores uploaded files: a bucket when S3_BUCKET is set, else a folder on
// disk (UPLOADS_DIR, .data/uploads by default).

export function storageFrom(config: Env): StorageDriver {
  if (config.S3_BUCKET) {
    return new S3Storage({
      bucket: config.S3_BUCKET,
      endpoint: config.S3_ENDPOINT!,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
      publicUrl: config.S3_PUBLIC_URL!,
    });
  }
  return new LocalStorage(config.UPLOADS_DIR);
}

let storage: StorageDriver | undefined;
let local: LocalStorage | undefined;

export function getStorage(): StorageDriver {
  return (storage ??= storageFrom(env));
}

/** The uploads folder, which /uploads/{key} serves (also after a move to a bucket, for older URLs). */
export function getLocalStorage(): LocalStorage {
  const current = getStorage();
  return current instanceof LocalStorage ? current : (local ??= new LocalStorage(env.UPLOADS_DIR));
}

export interface StoredImage {
  url: string;
  key: string;
  contentType: string;
  size: number;
}

/**
 * Stores an uploaded image under a new random key after checking its bytes: 413 over 5 MB, 415
 * when it is not a whole JPEG, PNG, WebP or GIF (the messages). `record` runs with the
 * key before the file is stored (the app records every upload: lib/storage/uploads.server.ts).
 */
export async function saveImage(
  bytes: Uint8Array,
  driver = getStorage(),
  record?: (key: string) => Promise<void>,
): Promise<StoredImage> {
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw new HttpError(413, IMAGE_TOO_LARGE);
  const type = sniffImageType(bytes);
  if (!type) throw new HttpError(415, IMAGE_ONLY);
  const key = `${randomBytes(16).toString("hex")}.${type.ext}`;
  await record?.(key);
  await driver.put(key, bytes, type.mime);
  return { url: driver.url(key), key, contentType: type.mime, size: bytes.byteLength };
}
