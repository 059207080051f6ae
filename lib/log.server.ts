import "server-only";
import pino, { type DestinationStream, type LevelWithSilent, type Logger } from "pino";

// The app's structured log (Logs): one JSON line per event on stdout in production, a
// plain readable line in development, nothing in tests unless LOG_LEVEL asks. Callers log ids,
// methods, paths and statuses, never bodies or query strings; the redaction below is a second
// line of defence for fields named like secrets.

const LEVELS: readonly LevelWithSilent[] = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

/** LOG_LEVEL when it names a level; otherwise info, or silent under Jest. */
export function logLevel(env: Record<string, string | undefined> = process.env): LevelWithSilent {
  const wanted = env.LOG_LEVEL?.trim().toLowerCase() as LevelWithSilent | undefined;
  if (wanted && LEVELS.includes(wanted)) return wanted;
  return env.NODE_ENV === "test" ? "silent" : "info";
}

const SECRET_FIELDS = ["password", "currentPassword", "confirmPassword", "token", "personalStatement"];

export function createLogger(
  options: { level?: LevelWithSilent; destination?: DestinationStream } = {},
): Logger {
  const destination =
    options.destination ?? (process.env.NODE_ENV === "development" ? developmentDestination() : undefined);
  return pino(
    {
      level: options.level ?? logLevel(),
      timestamp: pino.stdTimeFunctions.isoTime,
      serializers: { err: serializeError },
      redact: {
        paths: [...SECRET_FIELDS, ...SECRET_FIELDS.map((field) => `*.${field}`), "*.headers.cookie"],
        censor: "[redacted]",
      },
    },
    destination,
  );
}

let current: Logger | undefined;

/** The app's logger (created on first use, so that tests can replace it first). */
export function logger(): Logger {
  return (current ??= createLogger());
}

/** Replaces the app's logger (tests capture lines this way); returns the previous one. */
export function setLogger(next: Logger): Logger {
  const previous = logger();
  current = next;
  return previous;
}

type SerializedError = {
  type: string;
  message: string;
  code?: unknown;
  stack?: string;
  cause?: SerializedError;
};

/**
 * An error's type, message, code and stack frames. Prisma's messages quote the failed call with its
 * arguments (a password hash, a personal statement): only their last line, the reason, is kept.
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error) };
  const fromPrisma = error.name.startsWith("PrismaClient") || "clientVersion" in error;
  const message = fromPrisma ? lastLine(error.message) : error.message;
  const frames = (error.stack ?? "")
    .split("\n")
    .filter((line) => /^\s+at /.test(line))
    .join("\n");
  const serialized: SerializedError = {
    type: error.name,
    message,
    stack: `${error.name}: ${message}\n${frames}`,
  };
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" || typeof code === "number") serialized.code = code;
  // Auth.js wraps what a sign-in threw as { cause: { err } }.
  const cause = (error.cause as { err?: unknown } | undefined)?.err ?? error.cause;
  if (cause !== undefined && depth < 3) serialized.cause = serializeError(cause, depth + 1);
  return serialized;
}

function lastLine(text: string): string {
  const lines = text.split("\n").filter((line) => line.trim() !== "");
  return lines.at(-1)?.trim() ?? "";
}

/** Development: `12:00:00 INFO GET /api/programs 200 12ms user=3 [request id]`, then any stack. */
function developmentDestination(): DestinationStream {
  const names: Record<number, string> = {
    10: "TRACE",
    20: "DEBUG",
    30: "INFO",
    40: "WARN",
    50: "ERROR",
    60: "FATAL",
  };
  return {
    write(line: string) {
      let entry: Record<string, unknown>;
      try {
        entry = JSON.parse(line);
      } catch {
        process.stdout.write(line);
        return;
      }
      const { level, time, msg, method, path, status, durationMs, userId, requestId, err } = entry;
      const parts = [
        String(time).slice(11, 19),
        names[Number(level)] ?? level,
        method && path ? `${method} ${path}` : undefined,
        status,
        durationMs !== undefined ? `${durationMs}ms` : undefined,
        userId ? `user=${userId}` : undefined,
        msg && msg !== "request" ? msg : undefined,
        requestId ? `[${requestId}]` : undefined,
      ].filter((part) => part !== undefined && part !== "");
      const stack = (err as { stack?: string } | undefined)?.stack;
      process.stdout.write(`${parts.join(" ")}\n${stack ? `${stack}\n` : ""}`);
    },
  };
}
