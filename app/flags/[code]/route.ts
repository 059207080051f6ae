import { readFile } from "node:fs/promises";
import path from "node:path";
import { notFound } from "@/lib/http/errors";
import { route } from "@/lib/http/route";

// The 3:2 SVG flags of country-flag-icons, one file per upper-case ISO 3166-1 alpha-2 code.
const FLAG_DIR = path.join(process.cwd(), "node_modules", "country-flag-icons", "3x2");

// Code -> SVG text, or null for a code the package has no flag for (at most 26 * 26 entries).
const cache = new Map<string, string | null>();

async function loadFlag(code: string): Promise<string | null> {
  if (cache.has(code)) return cache.get(code) ?? null;
  let svg: string | null;
  try {
    svg = await readFile(path.join(FLAG_DIR, `${code}.svg`), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    svg = null;
  }
  cache.set(code, svg);
  return svg;
}

/** GET /flags/fr.svg: the flag of France. */
export const GET = route<{ code: string }>(async (_request, context) => {
  const { code: segment } = await context.params;
  const match = /^([a-z]{2})\.svg$/i.exec(segment);
  const svg = match ? await loadFlag(match[1].toUpperCase()) : null;
  if (!svg) throw notFound("Unknown flag");
  return new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml",
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
});
