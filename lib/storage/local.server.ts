import "server-only";
import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, unlink, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { IMAGE_TYPES_BY_EXT } from "@/lib/images/sniff";
import { assertKey, KEY_PATTERN, type StorageDriver } from "./driver";

/** The path prefix app/uploads/[key]/route.ts serves local files at. */
export const LOCAL_UPLOADS_PATH = "/uploads";

/** Files in a folder on this server's disk, served by app/uploads/[key]/route.ts. */
export class LocalStorage implements StorageDriver {
  readonly kind = "local";
  readonly dir: string;

  constructor(dir: string) {
    this.dir = resolve(dir);
  }

  private path(key: string) {
    assertKey(key);
    return join(this.dir, key);
  }

  async put(key: string, bytes: Uint8Array, _contentType?: string) {
    const path = this.path(key);
    await mkdir(this.dir, { recursive: true });
    // Written aside and renamed, so a reader never sees half a file.
    const temporary = `${path}.${randomBytes(6).toString("hex")}.tmp`;
    await writeFile(temporary, bytes);
    await rename(temporary, path);
  }

  async delete(key: string) {
    try {
      await unlink(this.path(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }

  /** The file's bytes and content type, or null when there is no such file. */
  async read(key: string): Promise<{ bytes: Uint8Array; contentType: string } | null> {
    if (!KEY_PATTERN.test(key)) return null;
    try {
      const bytes = await readFile(this.path(key));
      return { bytes, contentType: IMAGE_TYPES_BY_EXT[key.split(".").pop()!] };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  url(key: string) {
    assertKey(key);
    return `${LOCAL_UPLOADS_PATH}/${key}`;
  }

  keyOf(url: string): string | null {
    const prefix = `${LOCAL_UPLOADS_PATH}/`;
    if (!url.startsWith(prefix)) return null;
    const key = url.slice(prefix.length);
    return KEY_PATTERN.test(key) ? key : null;
  }
}
