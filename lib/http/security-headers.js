// @ts-check

// The security headers of every response: one static set, added by next.config.js
// `headers()` to pages, route handlers, static files, the 404 page and redirects alike, and by
// proxy.ts to its own redirects. Static on purpose: no per-request nonce, so pages can still be
// prerendered and cached (docs/decisions/0007-content-security-policy.md says why and what it
// costs). CommonJS, because next.config.js requires it on Node 20, which cannot load TypeScript.
// Uploaded files get a stricter policy of their own (UPLOAD_CONTENT_SECURITY_POLICY).

/**
 * @typedef {{ production: boolean; imageOrigins?: readonly string[] }} SecurityHeaderOptions
 *   `production`: `next build`/`next start` (NODE_ENV=production); `imageOrigins`: other origins
 *   images may come from (the bucket of S3_PUBLIC_URL).
 */

/**
 * The Content-Security-Policy value. Scripts: this origin and the inline scripts Next emits (the
 * RSC payload, `self.__next_f.push(...)`, differs per page and per render, so it can be neither
 * hashed in advance nor nonced without rendering per request). `'unsafe-eval'` only in
 * development, where React rebuilds server error stacks with eval.
 * @param {SecurityHeaderOptions} options
 * @returns {string}
 */
function contentSecurityPolicy({ production, imageOrigins = [] }) {
  /** @type {Record<string, string[]>} */
  const directives = {
    "default-src": ["'self'"],
    "script-src": ["'self'", "'unsafe-inline'", ...(production ? [] : ["'unsafe-eval'"])],
    // Radix and next/image set style attributes; Sonner inserts a <style> element.
    "style-src": ["'self'", "'unsafe-inline'"],
    // blob: previews a chosen photo before upload; data: small inline images.
    "img-src": ["'self'", "data:", "blob:", ...imageOrigins],
    "font-src": ["'self'"],
    // 'self' also covers the development server's WebSocket (HMR) on the same host and port.
    "connect-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    // Google sign-in is a link to /api/auth/google, a navigation, not a form submission.
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}

/** Browser features the app never uses, refused to the page and to anything it embeds. */
const PERMISSIONS_POLICY = [
  "accelerometer",
  "autoplay",
  "camera",
  "display-capture",
  "geolocation",
  "gyroscope",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "usb",
]
  .map((feature) => `${feature}=()`)
  .join(", ");

/** Two years; HTTPS for subdomains too. Browsers ignore it on plain HTTP (local runs, e2e). */
const STRICT_TRANSPORT_SECURITY = "max-age=63072000; includeSubDomains";

/**
 * Every security header, as next.config.js `headers()` wants them.
 * @param {SecurityHeaderOptions} options
 * @returns {{ key: string; value: string }[]}
 */
function securityHeaders(options) {
  return [
    { key: "Content-Security-Policy", value: contentSecurityPolicy(options) },
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    { key: "Permissions-Policy", value: PERMISSIONS_POLICY },
    // For browsers without CSP frame-ancestors.
    { key: "X-Frame-Options", value: "DENY" },
    ...(options.production ? [{ key: "Strict-Transport-Security", value: STRICT_TRANSPORT_SECURITY }] : []),
  ];
}

/**
 * The policy of uploaded files served by this app (app/uploads/[key]/route.ts): nothing loads or
 * runs, even when a file is opened as a document; it replaces the pages' policy on /uploads/*.
 */
const UPLOAD_CONTENT_SECURITY_POLICY =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'; sandbox";

/** Where students' documents are read (app/api/documents/[id]/route.ts): the uploads' policy too. */
const DOCUMENTS_PATH = "/api/documents/:path*";

/**
 * next.config.js `headers()`: every header on every path, and on /uploads/* and the documents'
 * route the uploads' own policy instead (of two rules setting one header, Next keeps the later).
 * @param {SecurityHeaderOptions} options
 * @returns {{ source: string; headers: { key: string; value: string }[] }[]}
 */
function securityHeaderRules(options) {
  return [
    { source: "/:path*", headers: securityHeaders(options) },
    {
      source: "/uploads/:path*",
      headers: [{ key: "Content-Security-Policy", value: UPLOAD_CONTENT_SECURITY_POLICY }],
    },
    {
      source: DOCUMENTS_PATH,
      headers: [{ key: "Content-Security-Policy", value: UPLOAD_CONTENT_SECURITY_POLICY }],
    },
  ];
}

/**
 * The origin of S3_PUBLIC_URL, or nothing when it is unset (uploads are served by this app).
 * @param {string | undefined} publicUrl
 * @returns {string[]}
 */
function imageOriginsOf(publicUrl) {
  return publicUrl ? [new URL(publicUrl).origin] : [];
}

/**
 * The options of this process: production unless NODE_ENV says development or test, and the
 * bucket of S3_PUBLIC_URL. next.config.js reads them at build time (like its image hosts).
 * @param {Record<string, string | undefined>} environment
 * @returns {SecurityHeaderOptions}
 */
function securityHeaderOptions(environment) {
  return {
    production: environment.NODE_ENV !== "development" && environment.NODE_ENV !== "test",
    imageOrigins: imageOriginsOf(environment.S3_PUBLIC_URL),
  };
}

module.exports = {
  contentSecurityPolicy,
  securityHeaders,
  securityHeaderRules,
  securityHeaderOptions,
  imageOriginsOf,
  UPLOAD_CONTENT_SECURITY_POLICY,
};
