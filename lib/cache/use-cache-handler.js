// @ts-check

// Next's handler for 'use cache' entries (next.config.js `cacheHandlers`), over ./store.js: the
// cached reads of lib/cache/reads.ts live here, shared by every app server when REDIS_URL is set.
// An entry is a miss once any of its tags (or the page's implicit tags) was expired after it was
// made, by revalidateTag() here or on another server (lib/cache/tags.ts).

const { cacheStore, isBuilding } = require("./store");

/** @typedef {import("next/dist/server/lib/cache-handlers/types").CacheHandler} CacheHandler */
/** @typedef {import("next/dist/server/lib/cache-handlers/types").CacheEntry} CacheEntry */

/** Entries still being written by this process: a get waits for them instead of missing. */
/** @type {Map<string, Promise<void>>} */
const pending = new Map();

/**
 * @param {ReadableStream<Uint8Array>} stream
 * @returns {Promise<Buffer>}
 */
async function readAll(stream) {
  /** @type {Uint8Array[]} */
  const chunks = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** @param {Buffer} bytes */
function streamOf(bytes) {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new Uint8Array(bytes));
      controller.close();
    },
  });
}

const key = (/** @type {string} */ cacheKey) => `use-cache:${cacheKey}`;

/** @type {CacheHandler} */
const handler = {
  async get(cacheKey, softTags) {
    if (isBuilding()) return undefined;
    await pending.get(cacheKey);
    const stored = await cacheStore().get(key(cacheKey));
    if (!stored) return undefined;
    const { bytes, ...entry } = stored;
    const expiredAt = await cacheStore().tagsExpiredAt([...entry.tags, ...softTags]);
    if (expiredAt >= entry.timestamp) return undefined;
    return { ...entry, value: streamOf(bytes) };
  },

  async set(cacheKey, pendingEntry) {
    if (isBuilding()) return;
    const write = (async () => {
      const { value, ...entry } = await pendingEntry;
      const bytes = await readAll(value);
      await cacheStore().set(key(cacheKey), { ...entry, bytes }, entry.expire);
    })();
    pending.set(
      cacheKey,
      write.catch(() => undefined),
    );
    try {
      await write;
    } catch {
      // A failed render is not cached; the next request renders again.
    } finally {
      pending.delete(cacheKey);
    }
  },

  async refreshTags() {
    // Tags are read from the store with each entry (get), so there is nothing to refresh here.
  },

  async getExpiration() {
    // Infinity: "check the soft tags in get", which reads the shared store there.
    return Number.POSITIVE_INFINITY;
  },

  async updateTags(tags) {
    if (isBuilding()) return;
    await cacheStore().expireTags(tags, Date.now());
  },
};

module.exports = handler;
