// @ts-check

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The database driver and the embedded database stay Node modules, not bundled.
  // nuqs ships ES modules only; listing it here also lets next/jest transform it for tests.
  transpilePackages: ["nuqs"],
  serverExternalPackages: ["@electric-sql/pglite", "@electric-sql/pglite-socket", "pg", "@node-rs/argon2"],
};

module.exports = nextConfig;
