// @ts-check

// Which addresses have a rendered page in the cache store, so that while the database is down
// (lib/db/availability.server.ts) proxy.ts can let those through to be served from the cache, and answer
// the others with the 503 page at once. The cache handler (./incremental-handler.js) records each
// page it stores beside the page itself, under its build's prefix. And which searches were asked
// for in the last hour: proxy.ts sends a search to its cached route from its second request on.

const { PAGE_EXPIRE_SECONDS } = require("./page-lifetime");
const { cacheStore } = require("./store");

/**
 * Next 16's cache key of a rendered app page: /route-cache/APP_PAGE/<route hash>/$<pathname>, an
 * internal detail (Next workaround PAGE_CACHE_KEY_FORMAT in lib/next-workarounds.ts).
 */
const PAGE_KEY = /^\/route-cache\/APP_PAGE\/[0-9a-f]+\/\$(\/.*)$/;

/** The running build's key prefix, set by the cache handler when Next creates it. */
const PREFIX = Symbol.for("unisearch.page-cache-prefix");
const holder = /** @type {{ [PREFIX]?: string }} */ (/** @type {unknown} */ (globalThis));

/** @param {string} prefix */
function setBuildPrefix(prefix) {
  holder[PREFIX] = prefix;
}

/**
 * The store key that records a rendered page at `pathname` ("/" as Next keys it: "/index").
 * @param {string} prefix
 * @param {string} pathname
 */
function markerKey(prefix, pathname) {
  return `${prefix}rendered:${pathname === "/" ? "/index" : pathname}`;
}

/**
 * The marker's key for a page entry's cache key, or null for other entries (cached reads).
 * @param {string} prefix
 * @param {string} cacheKey
 */
function markerOf(prefix, cacheKey) {
  const page = PAGE_KEY.exec(cacheKey);
  return page ? markerKey(prefix, page[1]) : null;
}

/**
 * Whether a rendering of the page at `pathname` (after proxy.ts's rewrites) is in the store.
 * @param {string} pathname
 */
async function hasRenderedPage(pathname) {
  const prefix = holder[PREFIX];
  if (!prefix) return false;
  return Boolean(await cacheStore().get(markerKey(prefix, pathname)));
}

/**
 * Records a request for the page at `pathname` (after proxy.ts's rewrites), and tells whether
 * another was recorded in the last PAGE_EXPIRE_SECONDS (an hour). Before Next has made its cache
 * handler (no page rendered yet), every request counts as a first one.
 * @param {string} pathname
 */
async function recordRequest(pathname) {
  const prefix = holder[PREFIX];
  if (!prefix) return false;
  const key = `${prefix}asked:${pathname}`;
  if (await cacheStore().get(key)) return true;
  // Remembered as long as a rendered page is kept unvisited.
  await cacheStore().set(key, { value: true }, PAGE_EXPIRE_SECONDS);
  return false;
}

module.exports = { hasRenderedPage, markerOf, recordRequest, setBuildPrefix };
