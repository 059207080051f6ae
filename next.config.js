// @ts-check

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
};

module.exports = nextConfig;
