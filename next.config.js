// @ts-check
// next.config.js is CommonJS (Node 20 loads it without a compiler), so it requires.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { securityHeaderOptions, securityHeaderRules } = require("./lib/http/security-headers.js");
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { SERVICE_REDIRECTS } = require("./lib/resources/service-links.js");
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { PAGE_EXPIRE_SECONDS } = require("./lib/cache/page-lifetime.js");
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { PHASE_PRODUCTION_BUILD } = require("next/constants");

/**
 * Images next/image may optimise: uploads kept on disk (/uploads/...) and, when a bucket is
 * configured, its public URL (S3_PUBLIC_URL, read at build time).
 * @returns {import('next').NextConfig['images']}
 */
function imagesConfig() {
  /** @type {NonNullable<import('next').NextConfig['images']>} */
  const images = {
    localPatterns: [{ pathname: "/uploads/**", search: "" }],
    // Uploaded files never change under their key.
    minimumCacheTTL: 31_536_000,
    // AVIF where the browser takes it (smallest), else WebP; sharp encodes both.
    formats: ["image/avif", "image/webp"],
  };
  const publicUrl = process.env.S3_PUBLIC_URL;
  if (publicUrl) {
    const url = new URL(publicUrl);
    images.remotePatterns = [
      {
        protocol: /** @type {"http" | "https"} */ (url.protocol.replace(":", "")),
        hostname: url.hostname,
        port: url.port,
        pathname: `${url.pathname.replace(/\/+$/, "")}/**`,
        search: "",
      },
    ];
  }
  return images;
}

/**
 * @param {string} phase
 * @returns {import('next').NextConfig}
 */
const nextConfig = (phase) => ({
  reactStrictMode: true,
  // Every production build also writes .next/standalone: a server.js with only the files it needs,
  // which the Dockerfile copies into the image (with .next/static and public beside it). Only the
  // build is told: `next start` (npm start, the end-to-end tests, bench and the load run) serves the
  // same build from .next, and warns that it "does not work" when it reads this option. It does
  // work; the warning is for those who expect it to start the standalone server.
  ...(phase === PHASE_PRODUCTION_BUILD ? { output: /** @type {const} */ ("standalone") } : {}),
  // GET /api/ready compares the applied migrations with this folder (lib/health/readiness.server.ts),
  // which it reads at run time, so the standalone folder needs its migration files.
  outputFileTracingIncludes: { "/api/ready": ["./prisma/migrations/**/*.sql"] },
  // Cached rendering (lib/cache): public pages are rendered once and served from the cache until an
  // admin write expires their tags (lib/cache/tags.server.ts), by incremental static regeneration and
  // tagged data caches. Not Cache Components (`cacheComponents`), under which a page's notFound()
  // answers 200, and our university, apply, student and admin pages must answer 404 (Next
  // workaround NO_CACHE_COMPONENTS in lib/next-workarounds.ts).
  // One store for rendered pages and cached data, shared by every app server when REDIS_URL is
  // set (lib/cache/store.js); it never serves what the database-less build prerendered.
  cacheHandler: require.resolve("./lib/cache/incremental-handler.js"),
  // Entries live in that store, not in a second in-process copy.
  cacheMaxMemorySize: 0,
  // The store keeps an entry this long after its last rendering (lib/cache/page-lifetime.js), and a
  // CDN may serve it stale (s-maxage=60) that long at most.
  expireTime: PAGE_EXPIRE_SECONDS,
  poweredByHeader: false,
  // proxy.ts sees request.url as the server received it. Normalised, a loopback host is renamed
  // 'localhost', so under `next start -H 127.0.0.1` the search pages' rewrite to their cached route
  // left the server as an HTTP request to itself (Next workaround RAW_PROXY_URL in
  // lib/next-workarounds.ts). proxy.ts leaves out the _rsc parameter this also shows it.
  skipProxyUrlNormalize: true,
  // An address no route matches gets app/global-not-found.tsx. Without it that 404 would be the root
  // layout's not-found boundary, which every page's payload carries (a second header and footer).
  experimental: { globalNotFound: true },
  // The database driver and the embedded database stay Node modules, not bundled; so does the
  // tracing SDK (lib/telemetry/tracing.server.ts), loaded only when tracing is on, with one copy of
  // the OpenTelemetry API that Next's own spans use too.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "@electric-sql/pglite-socket",
    "pg",
    "@node-rs/argon2",
    "@opentelemetry/api",
    "@opentelemetry/exporter-trace-otlp-http",
    "@opentelemetry/instrumentation",
    "@opentelemetry/resources",
    "@opentelemetry/sdk-trace-node",
    "@prisma/instrumentation",
  ],
  images: imagesConfig(),
  // The bucket's public URL, read at build time like images.remotePatterns above, so that
  // components/university/image-src.ts sends its files through the optimizer too.
  env: { UPLOADS_PUBLIC_URL: (process.env.S3_PUBLIC_URL ?? "").replace(/\/+$/, "") },
  // Security headers on every response: pages, route handlers, static files, 404s and redirects
  // (lib/http/security-headers.js; docs/decisions/0007-content-security-policy.md). Read at build
  // time, like the image hosts above.
  async headers() {
    return securityHeaderRules(securityHeaderOptions(process.env));
  },
  // The footer's Services links (lib/resources/service-links.js): 308 to the page they name.
  async redirects() {
    return SERVICE_REDIRECTS.map((link) => ({ ...link, permanent: true }));
  },
});

module.exports = nextConfig;
