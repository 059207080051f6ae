import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { memoryStore } from "@/lib/cache/store";

// The cache store and Next's cache handler (lib/cache) as the tests set them up.

const STORE = Symbol.for("unisearch.cache-store");
const holder = globalThis as unknown as { [STORE]?: ReturnType<typeof memoryStore> };

/**
 * Gives this process a fresh memory store (lib/cache/store.js cacheStore()), of `limitBytes` or
 * CACHE_MEMORY_MB; undone by dropStore.
 */
export function useFreshMemoryStore(limitBytes?: number) {
  holder[STORE] = memoryStore(limitBytes);
  return holder[STORE];
}

export function dropStore() {
  delete holder[STORE];
}

/** A build's server directory, with the BUILD_ID the cache handler keys its entries by. */
export function serverDistDir(buildId: string): string {
  const root = mkdtempSync(join(tmpdir(), "unisearch-build-"));
  mkdirSync(join(root, "server"));
  writeFileSync(join(root, "BUILD_ID"), buildId);
  return join(root, "server");
}

/** Next 16's cache key of a rendered page at `pathname` (Next workaround PAGE_CACHE_KEY_FORMAT). */
export const pageKey = (pathname: string) => `/route-cache/APP_PAGE/0a1b2c/$${pathname}`;

/** A rendered page's cache entry, with the cache tags its headers list. */
export const pageEntry = (tags: string) => ({
  kind: "APP_PAGE",
  html: "<html>page</html>",
  rscData: Buffer.from("rsc"),
  headers: { "x-next-cache-tags": tags },
  status: 200,
});
