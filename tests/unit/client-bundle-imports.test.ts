import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

// The public search pages and university pages load no validation library: zod weighs about
// 30 KB gzip, a seventh of their first load (docs/performance.md). Their client components (and
// everything those import, followed through the source) must not reach zod; the server checks
// the input, and the browser gets plain functions (lib/list-keys.ts, lib/programs/compare-limits.ts).

const ROOT = process.cwd();
const BUDGETED = [
  "components/search",
  "components/programs",
  "components/shortlist",
  "components/university",
];

function filesUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(relative);
    return /\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

const isClient = (file: string) => /^\s*["']use client["']/.test(readFileSync(path.join(ROOT, file), "utf8"));

function resolve(from: string, specifier: string): string | null {
  const base = specifier.startsWith("@/")
    ? path.join(ROOT, specifier.slice(2))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(path.join(ROOT, from)), specifier)
      : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}.js`, path.join(base, "index.ts")]) {
    if (existsSync(candidate) && !candidate.endsWith(path.sep) && /\.(tsx?|js)$/.test(candidate))
      return path.relative(ROOT, candidate);
  }
  return null;
}

/** The chain of imports from `entry` to zod, or null when there is none. Type-only imports do not count. */
function pathToZod(entry: string): string[] | null {
  const seen = new Set<string>();
  const walk = (file: string, chain: string[]): string[] | null => {
    if (seen.has(file)) return null;
    seen.add(file);
    const source = readFileSync(path.join(ROOT, file), "utf8");
    for (const match of source.matchAll(
      /^\s*(?:import|export)\s+(type\s+)?[^;]*?from\s+["']([^"']+)["']/gm,
    )) {
      if (match[1]) continue;
      const specifier = match[2];
      if (specifier === "zod" || specifier === "@/lib/validation/zod") return [...chain, file, specifier];
      const next = resolve(file, specifier);
      if (next) {
        const found = walk(next, [...chain, file]);
        if (found) return found;
      }
    }
    return null;
  };
  return walk(entry, []);
}

const entries = BUDGETED.flatMap(filesUnder).filter(isClient);

test("the budgeted pages have client components to check", () => {
  expect(entries.length).toBeGreaterThan(10);
});

test.each(entries)("%s reaches no validation library", (entry) => {
  expect(pathToZod(entry)).toBeNull();
});
