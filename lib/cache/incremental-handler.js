// @ts-check

// Next's handler for rendered pages and route responses (next.config.js `cacheHandler`), over
// ./store.js, so that with REDIS_URL every app server serves the same rendering and an edit
// expires it on all of them. Unlike Next's default handler it never serves what `next build`
// prerendered: the build has no database (lib/cache/reads.ts), so each page is first rendered at
// run time. A page is a miss once one of its tags was expired after it was rendered.

const { readFileSync } = require("node:fs");
const { join } = require("node:path");
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
 * @param {{ lastModified: number; value: any }} entry
 * @param {string[] | undefined} softTags
 */
function tagsOf(entry, softTags) {
  const header = entry.value?.headers?.[TAGS_HEADER];
  const own = typeof header === "string" ? header.split(",") : [];
  const fetchTags = Array.isArray(entry.value?.tags) ? entry.value.tags : [];
  return [...own, ...fetchTags, ...(softTags ?? [])];
}

class IncrementalCacheHandler {
  /** @param {{ serverDistDir?: string }} context */
  constructor(context) {
    // Pages of another build (its asset names, its code) are never served from a shared store.
    let buildId = "development";
    try {
      if (context.serverDistDir)
        buildId = readFileSync(join(context.serverDistDir, "..", "BUILD_ID"), "utf8").trim();
    } catch {
      // `next dev` has no BUILD_ID file.
    }
    this.prefix = `pages:${buildId}:`;
  }

  /**
   * @param {string} cacheKey
   * @param {{ softTags?: string[] }} [context]
   */
  async get(cacheKey, context) {
    if (isBuilding()) return null;
    const entry = await cacheStore().get(this.prefix + cacheKey);
    if (!entry) return null;
    const expiredAt = await cacheStore().tagsExpiredAt(tagsOf(entry, context?.softTags));
    if (expiredAt >= entry.lastModified) return null;
    return entry;
  }

  /**
   * @param {string} cacheKey
   * @param {unknown} data
   * @param {{ cacheControl?: { expire?: number; revalidate?: number | false } }} [context]
   */
  async set(cacheKey, data, context) {
    if (isBuilding()) return;
    if (!data) {
      await cacheStore().delete(this.prefix + cacheKey);
      return;
    }
    const expire = context?.cacheControl?.expire;
    const ttl = typeof expire === "number" && expire > 0 ? expire : DEFAULT_TTL_SECONDS;
    await cacheStore().set(
      this.prefix + cacheKey,
      { lastModified: Date.now() - RENDER_ALLOWANCE_MS, value: data },
      ttl,
    );
  }

  /** @param {string | string[]} tags */
  async revalidateTag(tags) {
    if (isBuilding()) return;
    await cacheStore().expireTags(typeof tags === "string" ? [tags] : tags, Date.now());
  }

  resetRequestCache() {}
}

module.exports = IncrementalCacheHandler;
