// @ts-check

// Next's handler for rendered pages and route responses (next.config.js `cacheHandler`), over
// ./store.js, so that with REDIS_URL every app server serves the same rendering and an edit
// expires it on all of them. Unlike Next's default handler it never serves what `next build`
// prerendered: the build has no database (lib/cache/reads.server.ts), so each page is first rendered at
// run time. A page is a miss once one of its tags was expired after it was rendered.

const { readFileSync } = require("node:fs");
const { join } = require("node:path");
const { markerOf, setBuildPrefix } = require("./rendered-pages");
const { cacheStore, isBuilding } = require("./store");

/** The response header in which Next lists a rendered page's cache tags. */
const TAGS_HEADER = "x-next-cache-tags";

/** A day, for entries whose lifetime Next does not give (it always does for pages). */
const DEFAULT_TTL_SECONDS = 24 * 60 * 60;

/**
 * How long before it is stored a page's rendering may have started (the database's statement
 * timeout). A page counts as made that long ago, so an edit that expired its tags while it was
 * being rendered, from data read before the edit, is never served as fresh.
 */
const RENDER_ALLOWANCE_MS = 15_000;

/**
 * The tags an entry depends on: a page's (listed in its headers), a cached read's (unstable_cache
 * gives them with each get and set), and the page's implicit ones.
 * @param {{ lastModified: number; tags?: string[]; value: any }} entry
 * @param {{ tags?: string[]; softTags?: string[] } | undefined} context
 */
function tagsOf(entry, context) {
  const header = entry.value?.headers?.[TAGS_HEADER];
  const own = typeof header === "string" ? header.split(",") : [];
  return [...own, ...(entry.tags ?? []), ...(context?.tags ?? []), ...(context?.softTags ?? [])];
}

/** Whether this process's database breaker (lib/db/availability.server.ts) is open. */
function databaseUnavailable() {
  const breaker = /** @type {{ openSince?: number | null } | undefined} */ (
    /** @type {any} */ (globalThis)[Symbol.for("unisearch.database-breaker")]
  );
  return breaker?.openSince != null;
}

/** Build ids by server directory: Next makes a handler for every request, the file is read once. */
const buildIds = new Map();

/** @param {string | undefined} serverDistDir */
function buildIdOf(serverDistDir) {
  if (!serverDistDir) return "development";
  let buildId = buildIds.get(serverDistDir);
  if (buildId === undefined) {
    try {
      buildId = readFileSync(join(serverDistDir, "..", "BUILD_ID"), "utf8").trim();
    } catch {
      // `next dev` has no BUILD_ID file.
      buildId = "development";
    }
    buildIds.set(serverDistDir, buildId);
  }
  return buildId;
}

class IncrementalCacheHandler {
  /** @param {{ serverDistDir?: string }} context */
  constructor(context) {
    // Pages of another build (its asset names, its code) are never served from a shared store.
    const buildId = buildIdOf(context.serverDistDir);
    this.prefix = `pages:${buildId}:`;
    // Next also makes instances without a build directory (for the proxy): not the pages' prefix.
    if (buildId !== "development") setBuildPrefix(this.prefix);
  }

  /**
   * @param {string} cacheKey
   * @param {{ tags?: string[]; softTags?: string[] }} [context]
   */
  async get(cacheKey, context) {
    if (isBuilding()) return null;
    const entry = await cacheStore().get(this.prefix + cacheKey);
    if (!entry) return null;
    const expiredAt = await cacheStore().tagsExpiredAt(tagsOf(entry, context));
    // While the database cannot be reached, a page an edit has outdated beats an error page.
    if (expiredAt >= entry.lastModified && !databaseUnavailable()) return null;
    return entry;
  }

  /**
   * @param {string} cacheKey
   * @param {unknown} data
   * @param {{ tags?: string[]; cacheControl?: { expire?: number; revalidate?: number | false } }} [context]
   */
  async set(cacheKey, data, context) {
    if (isBuilding()) return;
    const marker = markerOf(this.prefix, cacheKey);
    if (!data) {
      await cacheStore().delete(this.prefix + cacheKey);
      if (marker) await cacheStore().delete(marker);
      return;
    }
    const expire = context?.cacheControl?.expire;
    const ttl = typeof expire === "number" && expire > 0 ? expire : DEFAULT_TTL_SECONDS;
    const lastModified = Date.now() - RENDER_ALLOWANCE_MS;
    await cacheStore().set(
      this.prefix + cacheKey,
      { lastModified, tags: context?.tags ?? [], value: data },
      ttl,
    );
    // A rendered page is recorded by its address too (./rendered-pages.js), for as long as it is kept.
    if (marker) await cacheStore().set(marker, { lastModified, value: true }, ttl);
  }

  /** @param {string | string[]} tags */
  async revalidateTag(tags) {
    if (isBuilding()) return;
    await cacheStore().expireTags(typeof tags === "string" ? [tags] : tags, Date.now());
  }

  resetRequestCache() {}
}

module.exports = IncrementalCacheHandler;
