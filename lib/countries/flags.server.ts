import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";

// The 3:2 SVG flags of country-flag-icons, one file per upper-case ISO 3166-1 alpha-2 code.
const FLAG_DIR = path.join(process.cwd(), "node_modules", "country-flag-icons", "3x2");

// Code -> SVG text, or null for a code the package has no flag for (at most 26 * 26 entries).
const cache = new Map<string, string | null>();

/** The flag of an upper-case two-letter code, or null when there is none. */
export async function loadFlag(code: string): Promise<string | null> {
  if (!/^[A-Z]{2}$/.test(code)) return null;
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
