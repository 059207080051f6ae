import { readdirSync } from "node:fs";
import path from "node:path";
import type { RouteHandler } from "@/lib/http/route.server";

// Every route handler of the app, found on disk, so tests generated from the route declarations
// (lib/http/route.server.ts) cover a new route without listing it.

export const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

const APP = path.join(process.cwd(), "app");

export interface RouteFile {
  /** e.g. app/api/users/[id]/route.ts */
  file: string;
  /** The URL pattern, e.g. /api/users/[id] */
  pattern: string;
  /** The HTTP methods it exports, with their handlers. */
  methods: Partial<Record<HttpMethod, RouteHandler>>;
}

function findRouteFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return findRouteFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

/** Every app/**\/route.ts with its exported methods (loaded with require, as Next would). */
export function loadRouteFiles(): RouteFile[] {
  return findRouteFiles(APP)
    .sort()
    .map((full) => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const exported = require(full) as Record<string, RouteHandler>;
      const methods: RouteFile["methods"] = {};
      for (const method of HTTP_METHODS) if (method in exported) methods[method] = exported[method];
      return {
        file: path.relative(process.cwd(), full),
        pattern: `/${path.relative(APP, path.dirname(full)).split(path.sep).join("/")}`,
        methods,
      };
    });
}
