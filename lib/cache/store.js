// @ts-check

// The store behind Next's cache handler (./incremental-handler.js: rendered pages, route
// responses and the unstable_cache reads of lib/cache/reads.server.ts): cache entries, and when each tag
// was last expired. With REDIS_URL every app server shares one Redis, so an admin edit served by one
// server expires the pages of all (docs/caching.md); without it, this process's
// memory. CommonJS with JSDoc types: Next loads the handlers with require() at run time.
//
// Entries are plain objects in which Buffers and Maps may sit; Redis keeps them as strings
// (./serialize.js), memory as they are. Keys carry the build id, so a new deployment never serves
// pages or data rendered by the previous one from a shared Redis.

const { createClient } = require("redis");
const { serialize, deserialize } = require("./serialize");

/** @typedef {{ get(key: string): Promise<any>; set(key: string, value: object, ttlSeconds: number): Promise<void>; delete(key: string): Promise<void>; tagsExpiredAt(tags: readonly string[]): Promise<number>; expireTags(tags: readonly string[], at: number): Promise<void>; ping?(): Promise<void>; close?(): Promise<void> }} CacheStore */

/** Longest time to live of an entry: a year (Next's "max" lifetimes are longer than needed). */
const MAX_TTL_SECONDS = 365 * 24 * 60 * 60;

/** Bytes of entries kept in memory without Redis (CACHE_MEMORY_MB, 256 by default). */
const MEMORY_LIMIT = Number(process.env.CACHE_MEMORY_MB || 256) * 1024 * 1024;

/**
 * What keeping one entry costs beyond its key and value: the map's slot, the record holding the
 * value's size and expiry, and the value's object. Measured on Node 20 at about 150 bytes; counted
 * high, so that many small entries (a search's "asked" record is a key and `true`) cannot hold
 * more memory than the limit says.
 */
const ENTRY_OVERHEAD = 200;

/**
 * Roughly how many bytes an entry holds: its strings and buffers (a page's HTML and RSC payload
 * make up nearly all of it).
 * @param {unknown} value
 * @param {number} [depth]
 * @returns {number}
 */
function sizeOf(value, depth = 0) {
  if (typeof value === "string") return value.length * 2;
  if (value instanceof Uint8Array) return value.byteLength;
  if (depth > 4 || value === null || typeof value !== "object") return 8;
  const values = value instanceof Map ? [...value.values()] : Object.values(value);
  return values.reduce((total, item) => total + sizeOf(item, depth + 1), 0);
}

/**
 * Bytes an entry holds in memory: its key (a search's key carries its query, up to about a
 * kilobyte, and each distinct search adds one), its value and the bookkeeping around them.
 * @param {string} key
 * @param {unknown} value
 */
function entrySizeOf(key, value) {
  return key.length * 2 + sizeOf(value) + ENTRY_OVERHEAD;
}

/**
 * This process's memory: entries in a least-recently-used map bounded by the size of their keys
 * and values, and the tags' expiry times (never evicted: tags name rows and lists, not requests,
 * so they are as many as the catalogue's rows at most).
 * @param {number} [limit] bytes; CACHE_MEMORY_MB by default
 * @returns {CacheStore & { bytes(): number; count(): number }}
 */
function memoryStore(limit = MEMORY_LIMIT) {
  /** @type {Map<string, { value: object; size: number; expiresAt: number }>} */
  const entries = new Map();
  /** @type {Map<string, number>} */
  const tags = new Map();
  let size = 0;
  /** @param {string} key */
  const remove = (key) => {
    const entry = entries.get(key);
    if (!entry) return;
    size -= entry.size;
    entries.delete(key);
  };
  return {
    async get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= Date.now()) {
        remove(key);
        return undefined;
      }
      // Most recently used last: Map keeps insertion order.
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    async set(key, value, ttlSeconds) {
      remove(key);
      const entrySize = entrySizeOf(key, value);
      if (entrySize > limit) return;
      entries.set(key, {
        value,
        size: entrySize,
        expiresAt: Date.now() + Math.min(ttlSeconds, MAX_TTL_SECONDS) * 1000,
      });
      size += entrySize;
      for (const oldest of entries.keys()) {
        if (size <= limit) break;
        remove(oldest);
      }
    },
    async delete(key) {
      remove(key);
    },
    async tagsExpiredAt(list) {
      return Math.max(0, ...list.map((tag) => tags.get(tag) ?? 0));
    },
    async expireTags(list, at) {
      for (const tag of list) tags.set(tag, Math.max(at, tags.get(tag) ?? 0));
    },
    bytes: () => size,
    count: () => entries.size,
  };
}

/**
 * Redis: entries as strings with a time to live, tags in one hash (tag -> expiry time in ms).
 * When Redis cannot be reached, reads miss at once: pages are rendered from the database, as
 * without a cache. An expiry that cannot be written is logged, not thrown (the edit is saved by
 * then); what Redis held goes stale within the pages' revalidate time once it is back.
 * @param {string} url
 * @returns {CacheStore}
 */
function redisStore(url) {
  const prefix = "unisearch:cache:";
  const tagsKey = `${prefix}tags`;
  const client = createClient({
    url,
    socket: { connectTimeout: 2_000, reconnectStrategy: (retries) => Math.min(retries * 200, 2_000) },
    // Commands sent while Redis is away fail at once instead of queueing behind a reconnect.
    disableOfflineQueue: true,
  });
  // One warning per outage, not one per reconnect attempt.
  let down = false;
  /** @param {unknown} error */
  const warn = (error) => {
    if (down) return;
    down = true;
    console.warn(
      `Cache store (Redis): ${error instanceof Error ? error.message : error}; pages are rendered without it`,
    );
  };
  client.on("error", warn);
  client.on("ready", () => {
    down = false;
  });
  // The connection alone keeps no process alive: a CLI (npm run import) ends when its work does.
  const ready = client
    .connect()
    .then(() => client.unref())
    .catch(warn);
  /** Connected, or given up on after the connect timeout: a write must not be lost to a cold start. */
  const connected = () => Promise.race([ready, new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
  return {
    async get(key) {
      try {
        const stored = await client.get(prefix + key);
        return stored === null ? undefined : deserialize(stored);
      } catch (error) {
        warn(error);
        return undefined;
      }
    },
    async set(key, value, ttlSeconds) {
      try {
        await client.set(prefix + key, serialize(value), {
          expiration: { type: "EX", value: Math.max(1, Math.min(Math.ceil(ttlSeconds), MAX_TTL_SECONDS)) },
        });
      } catch (error) {
        warn(error);
      }
    },
    async delete(key) {
      try {
        await client.del(prefix + key);
      } catch (error) {
        warn(error);
      }
    },
    async tagsExpiredAt(list) {
      if (list.length === 0) return 0;
      try {
        const times = await client.hmGet(tagsKey, [...list]);
        return Math.max(0, ...times.map((time) => Number(time ?? 0)));
      } catch (error) {
        // Unknown expiries: treat every entry as expired rather than serve a page an edit changed.
        warn(error);
        return Number.POSITIVE_INFINITY;
      }
    },
    async expireTags(list, at) {
      if (list.length === 0) return;
      await connected();
      try {
        await client.hSet(tagsKey, Object.fromEntries(list.map((tag) => [tag, String(at)])));
      } catch (error) {
        console.error(`Cache store (Redis): could not expire ${list.join(", ")}: ${error}`);
      }
    },
    /** Resolves once Redis answers PING; throws while it cannot be reached (the readiness check). */
    async ping() {
      await connected();
      await client.ping();
    },
    async close() {
      client.destroy();
    },
  };
}

const STORE = Symbol.for("unisearch.cache-store");

/**
 * The process's store, shared by both handlers (Next may load each module more than once).
 * @returns {CacheStore}
 */
function cacheStore() {
  const holder = /** @type {{ [STORE]?: CacheStore }} */ (/** @type {unknown} */ (globalThis));
  holder[STORE] ??= process.env.REDIS_URL ? redisStore(process.env.REDIS_URL) : memoryStore();
  return holder[STORE];
}

/**
 * `next build` prerenders pages without a database (lib/cache/reads.server.ts gives placeholders then),
 * so nothing it renders may be stored or served: every page is rendered at run time first.
 */
function isBuilding() {
  return process.env.NEXT_PHASE === "phase-production-build";
}

module.exports = { cacheStore, isBuilding, memoryStore, redisStore, MAX_TTL_SECONDS };
