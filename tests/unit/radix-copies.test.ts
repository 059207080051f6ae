import { readFileSync } from "node:fs";
import path from "node:path";

// Radix's packages depend on shared helpers (react-primitive, react-slot, compose-refs...) at exact
// versions. When another package holds the top of node_modules with an older helper (Prisma
// Studio's Radix toggle did), npm nests a copy of the newer one under every Radix package that
// uses it, and the browser bundles carry every copy: about 4 KB gzip more on each search page
// (docs/performance.md, which also says how to put the copies back together).

const lock = JSON.parse(readFileSync(path.join(process.cwd(), "package-lock.json"), "utf8")) as {
  packages: Record<string, { version?: string }>;
};

/** Where each version of each Radix package is installed: "name@version" -> install paths. */
function radixInstalls(): Map<string, string[]> {
  const installs = new Map<string, string[]>();
  for (const [installPath, { version }] of Object.entries(lock.packages)) {
    const name = installPath.slice(installPath.lastIndexOf("node_modules/") + "node_modules/".length);
    if (!name.startsWith("@radix-ui/")) continue;
    const key = `${name}@${version}`;
    installs.set(key, [...(installs.get(key) ?? []), installPath]);
  }
  return installs;
}

test("the lockfile lists the Radix packages the components use", () => {
  expect(radixInstalls().size).toBeGreaterThan(20);
});

test("each version of a Radix package is installed once", () => {
  const repeated = [...radixInstalls()]
    .filter(([, paths]) => paths.length > 1)
    .map(([key, paths]) => `${key} in ${paths.length} places, e.g. ${paths[0]}`);
  expect(repeated).toEqual([]);
});
