import "server-only";
import { z } from "@/lib/validation/zod";

// Every environment variable the app reads, parsed once. Development and tests get working
// defaults; production refuses to start without the secrets, naming what is missing.

const schema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  /** PostgreSQL connection string. Unset: the scripts start the embedded database and set it. */
  DATABASE_URL: z.string().url().optional(),
  /** Folder of the embedded database (PGlite). */
  PGLITE_DATA_DIR: z.string().min(1).default(".data/pglite"),
  /** Secret that signs session tokens (Auth.js). */
  AUTH_SECRET: z.string().min(32, "AUTH_SECRET must be at least 32 characters").optional(),
  /** Google sign-in (OAuth client of Google Cloud); without both, the Google button explains it is off. */
  AUTH_GOOGLE_ID: z.string().min(1).optional(),
  AUTH_GOOGLE_SECRET: z.string().min(1).optional(),
  /** OpenID issuer for Google sign-in; only tests change it (to a local mock). */
  AUTH_GOOGLE_ISSUER: z.string().url().optional(),
  /** SMTP server for e-mail, e.g. smtp://user:pass@smtp.example.com:587. Required in production; unset in development, e-mails (with their reset links) are logged and saved under .data/mail. */
  SMTP_URL: z.string().url().optional(),
  /** Sender of e-mails. */
  MAIL_FROM: z.string().min(3).default("UniSearch <no-reply@unisearch.example>"),
  /** Public base URL, used for canonical links, the sitemap and e-mails. Required in production (on Vercel, VERCEL_PROJECT_PRODUCTION_URL stands in). */
  APP_URL: z.string().url().optional(),
  /** Set by Vercel: the project's production domain, without the scheme (e.g. unisearch.vercel.app). */
  VERCEL_PROJECT_PRODUCTION_URL: z.string().min(1).optional(),
  /**
   * How many reverse proxies in front of the app append to X-Forwarded-For (a load balancer, a CDN,
   * Vercel: 1). The sign-in throttle takes the client's address from the n-th entry from the
   * right; 0 ignores the header (any client can set it) and throttles per username only.
   */
  TRUSTED_PROXIES: z.coerce.number().int().min(0).max(10).default(0),
  /** Folder of uploaded images when no bucket is configured (served under /uploads/). */
  UPLOADS_DIR: z.string().min(1).default(".data/uploads"),
  /** S3-compatible bucket for uploaded images (AWS S3, Cloudflare R2, MinIO...). Set all or none. */
  S3_BUCKET: z.string().min(1).optional(),
  /** The S3 API endpoint, e.g. https://s3.eu-west-1.amazonaws.com or https://<account>.r2.cloudflarestorage.com. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Public base URL of the bucket's files (a CDN or the bucket's public domain), without the key. */
  S3_PUBLIC_URL: z.string().url().optional(),
  /**
   * Folder of the documents students upload (private: no route serves it as it is; the document
   * route reads a file for its owner and staff only) when no documents bucket is set.
   */
  DOCUMENTS_DIR: z.string().min(1).default(".data/documents"),
  /**
   * A private S3-compatible bucket for those documents, on S3_ENDPOINT with the same keys; never
   * the images' bucket, whose files are public. Unset: DOCUMENTS_DIR.
   */
  S3_DOCUMENTS_BUCKET: z.string().min(1).optional(),
  /**
   * A command that scans an uploaded document, given the file's path as its last argument (e.g.
   * "clamdscan --no-summary"): exit 0 clean, anything else refused. Unset: no scan.
   */
  DOCUMENT_SCAN_COMMAND: z.string().min(1).optional(),
  /**
   * Redis shared by every app server for the cache of rendered pages and data (lib/cache/store.js
   * reads it); unset: each server's own memory, right for one server.
   */
  REDIS_URL: z.string().url().optional(),
  /** Megabytes of that memory cache (without REDIS_URL). */
  CACHE_MEMORY_MB: z.coerce.number().int().min(1).optional(),
  /**
   * Where traces go (OpenTelemetry over OTLP/HTTP, JSON), e.g. http://collector:4318; the exporter
   * appends /v1/traces. Unset: no tracing, and none of its code is loaded (lib/telemetry).
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  /** The traces' service.name (default unisearch). */
  OTEL_SERVICE_NAME: z.string().min(1).optional(),
  /**
   * On SIGTERM a server answers the requests in flight, then exits; a request still unanswered this
   * many seconds after the signal is cut (lib/shutdown.server.ts). Keep it below the grace period
   * of whatever stops the server, which kills it then (docker stop: 10 s unless --time says more;
   * Kubernetes: terminationGracePeriodSeconds, 30 s), and raise both for longer requests.
   */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(8),
  /** The request log's level (lib/log.server.ts): info by default, silent under Jest. */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
});

/** With S3_BUCKET set, these must be set too. */
const S3_REQUIRED = ["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_PUBLIC_URL"] as const;

export type Env = z.infer<typeof schema> & { AUTH_SECRET: string; APP_URL: string };

const DEVELOPMENT_AUTH_SECRET = "development-only-secret-do-not-use-in-production-0123456789";
const DEVELOPMENT_APP_URL = "http://localhost:3000";

/**
 * Variables that production must set explicitly (APP_URL may come from Vercel instead). Without
 * SMTP_URL, e-mails would go to the log, and with them live password-reset links.
 */
const REQUIRED_IN_PRODUCTION = ["DATABASE_URL", "AUTH_SECRET", "APP_URL", "SMTP_URL"] as const;

export function parseEnv(source: Record<string, string | undefined>): Env {
  // Empty strings (as in a copied .env.example) mean "not set".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment variables:\n${lines.join("\n")}`);
  }
  const env = result.data;
  const production = env.NODE_ENV === "production";
  // On Vercel the production domain is known without configuration; elsewhere production must
  // say where it is served, or every canonical link and the sitemap would name localhost.
  if (!env.APP_URL && production && env.VERCEL_PROJECT_PRODUCTION_URL) {
    env.APP_URL = vercelUrl(env.VERCEL_PROJECT_PRODUCTION_URL);
  }
  if (env.S3_DOCUMENTS_BUCKET && (!env.S3_ENDPOINT || !env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY)) {
    throw new Error(
      "S3_DOCUMENTS_BUCKET is set, so these must be set too: S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY (see .env.example).",
    );
  }
  if (env.S3_BUCKET) {
    const missing = S3_REQUIRED.filter((name) => !env[name]);
    if (missing.length > 0) {
      throw new Error(
        `S3_BUCKET is set, so these must be set too: ${missing.join(", ")} (see .env.example).`,
      );
    }
  }
  if (production && !isBuildPhase(source)) {
    const missing = REQUIRED_IN_PRODUCTION.filter((name) => !env[name]);
    if (missing.length > 0) {
      throw new Error(
        `Missing required environment variable${missing.length > 1 ? "s" : ""}: ${missing.join(", ")}. ` +
          `Set ${missing.length > 1 ? "them" : "it"} before starting the app in production (see .env.example).` +
          (missing.includes("APP_URL")
            ? " APP_URL is the site's public address, e.g. https://unisearch.example.org."
            : "") +
          (missing.includes("SMTP_URL")
            ? " SMTP_URL is the mail server that sends password-reset links, e.g. smtp://user:password@smtp.example.com:587."
            : ""),
      );
    }
  }
  return {
    ...env,
    AUTH_SECRET: env.AUTH_SECRET ?? DEVELOPMENT_AUTH_SECRET,
    APP_URL: env.APP_URL ?? DEVELOPMENT_APP_URL,
  };
}

/** VERCEL_PROJECT_PRODUCTION_URL is a host name; an address with a scheme is taken as it is. */
function vercelUrl(value: string): string {
  const url = /^https?:\/\//.test(value) ? value : `https://${value}`;
  if (!z.string().url().safeParse(url).success) {
    throw new Error(
      `Invalid environment variables:\n  VERCEL_PROJECT_PRODUCTION_URL: not a host name (${value})`,
    );
  }
  return url;
}

/** `next build` loads server modules with NODE_ENV=production but serves nothing. */
function isBuildPhase(source: Record<string, string | undefined>) {
  return source.NEXT_PHASE === "phase-production-build";
}

export const env: Env = parseEnv(process.env);
