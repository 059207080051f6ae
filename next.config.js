// @ts-check
// next.config.js is CommonJS (Node 20 loads it without a compiler), so it requires.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { securityHeaderOptions, securityHeaderRules } = require("./lib/http/security-headers.js");
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { SERVICE_REDIRECTS } = require("./lib/resources/service-links.js");

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

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The database driver and the embedded database stay Node modules, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "@electric-sql/pglite-socket", "pg", "@node-rs/argon2"],
  images: imagesConfig(),
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
};

module.exports = nextConfig;
