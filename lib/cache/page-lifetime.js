// @ts-check

// How long a rendered page is kept after its last rendering (next.config.js expireTime), and so
// how long proxy.ts remembers a search's first request (./rendered-pages.js). CommonJS:
// next.config.js requires it.

/**
 * A cached page unvisited for an hour is dropped (it is rendered afresh on its next visit), not
 * served once more, stale, with last month's "days left".
 */
const PAGE_EXPIRE_SECONDS = 3600;

module.exports = { PAGE_EXPIRE_SECONDS };
