// npm run bench: measures the production build against the server's own ceiling.
// On PostgreSQL when DATABASE_URL is set (in a database of the bench's own on that server, made
// afresh), on the embedded database otherwise (in .data/bench-pglite, never .data/pglite). Parts,
// each skippable (--only, --skip; `npm run bench -- --help`):
//   queries     the search's and the admin pages' database calls, timed in this process
//   render      one request at a time: a first (uncached) search page, the same again (cached),
//               the sign-in page (a rendering without data) and /robots.txt: median milliseconds,
//               and the server's CPU milliseconds per request
//   load        autocannon against `npm start` (a process of its own): req/s, latency, errors,
//               each scenario's ratio to /robots.txt, at 10 and 50 connections
//   bytes       what a first visit to each public page downloads, and a filter change
//   lighthouse  mobile scores of home, search, a university page and the program search
// --scale N instead seeds N synthetic universities into a database of its own and compares, at
// 10,000 and at N, the queries part (with the plans of the slowest) and the load part's searches.
// Results: printed, and written to bench/results.json.
import "./load-env";
import { execSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { dirname, resolve } from "node:path";
import { createPrismaClient } from "@/lib/db/client.server";
import { serveEmbedded } from "@/lib/db/connection.server";
import { DEMO_ACCOUNTS, seed } from "@/lib/db/seed/seed.server";
import { DEFAULT_PORT, parseArgs, USAGE, type BenchOptions } from "./bench/args";
import { measureFilterChange, measureFirstLoads, runLighthouse, type FilterChange } from "./bench/browser";
import { freshDatabase, scaleTo } from "./bench/database";
import { seedApplications } from "./bench/workspace";
import { allScenarios, REFERENCE, runScenario, searchScenarios, type LoadScenario } from "./bench/load";
import { measureRender } from "./bench/render";
import { ensureBuild, saveStudyProfile, signIn, startServer } from "./bench/server";
import { loadTable, scaleComparison, table, toRow, withRatios, type LoadRow } from "./bench/summary";

const SEARCH_PAGE = "/universities/search?country=DE";
const FILTER_CHANGE = "/universities/search?country=DE&level=Master%27s";
const PROGRAMS_PAGE = "/programs";
const SCHOLARSHIPS_PAGE = "/scholarships";

/** A database of the bench's own, seeded with the demo catalogue; `serve` hands it out while needed. */
interface BenchDatabase {
  mode: "postgres" | "embedded";
  /** The environment `npm start` gets for it. */
  env: Record<string, string>;
  /** Runs `task` with a URL of the database (the embedded one is served for the task's duration). */
  serve<T>(task: (url: string) => Promise<T>): Promise<T>;
}

/**
 * The bench database's name: `base` on the default port, with the port after it otherwise, so
 * that two benches run side by side on their own ports never drop each other's database.
 */
function databaseName(base: string, options: BenchOptions): string {
  return options.port === DEFAULT_PORT ? base : `${base}_${options.port}`;
}

async function benchDatabase(name: string): Promise<BenchDatabase> {
  if (process.env.DATABASE_URL) {
    const url = await freshDatabase(process.env.DATABASE_URL, name);
    return { mode: "postgres", env: { DATABASE_URL: url }, serve: (task) => task(url) };
  }
  const dataDir = resolve(".data", name.replaceAll("_", "-"));
  rmSync(dataDir, { recursive: true, force: true });
  // The first serving's port is kept, so that a client made for one URL (the queries part's
  // Prisma client) still reaches the database when it is served again.
  let port = 0;
  const serve = async <T>(task: (url: string) => Promise<T>) => {
    const database = await serveEmbedded({ dataDir, port });
    port = database.port;
    try {
      return await task(database.url);
    } finally {
      await database.stop();
    }
  };
  await serve(async (url) => {
    const prisma = createPrismaClient(url, { max: 1 });
    await seed(prisma, { demo: true });
    await prisma.$disconnect();
  });
  return { mode: "embedded", env: { DATABASE_URL: "", PGLITE_DATA_DIR: dataDir, DEMO_DATA: "1" }, serve };
}

async function runLoad(
  url: string,
  scenariosAt: (connections: number, run: number) => LoadScenario[],
  options: BenchOptions,
): Promise<LoadRow[]> {
  const rows = [];
  for (const [run, connections] of options.connections.entries()) {
    for (const scenario of scenariosAt(connections, run)) {
      // A short warm-up, so that compiling and first-use costs stay out of the figures.
      if (scenario.warmUp !== false) await runScenario(url, scenario, Math.min(connections, 10), 2);
      const result = await runScenario(url, scenario, connections, options.duration);
      const row = toRow(scenario.name, connections, result);
      console.log(`  ${scenario.name} @${connections}: ${row.reqPerSec.toFixed(0)} req/s, p50 ${row.p50} ms`);
      rows.push(row);
    }
  }
  return withRatios(rows, REFERENCE);
}

/**
 * `sets` sets of 200 slugs, each spread over the ranking order (ranked and unranked, with and
 * without programs), no slug in two sets.
 */
/** A filter change's weight as printed: its bytes and encoding, or that the router gave it up. */
function weight(change: FilterChange): string {
  const bytes = `${change.bytes} bytes (${change.contentEncoding ?? "uncompressed"})`;
  return change.aborted ? `${bytes} before the router aborted it (answered from its prefetch)` : bytes;
}

async function spreadOfSlugs(url: string, sets: number): Promise<string[][]> {
  const result: string[][] = Array.from({ length: sets }, () => []);
  for (const offset of [0, 400, 1_500, 4_000, 8_000]) {
    const response = await fetch(`${url}/api/universities?limit=${40 * sets}&offset=${offset}`);
    const slugs = ((await response.json()) as { slug: string }[]).map((u) => u.slug);
    result.forEach((set, index) => set.push(...slugs.slice(index * 40, (index + 1) * 40)));
  }
  return result;
}

async function main(options: BenchOptions) {
  const started = new Date();
  const results: Record<string, unknown> = {
    date: started.toISOString(),
    commit: execSync("git rev-parse --short HEAD").toString().trim(),
    cpus: cpus().length,
    options: { ...options, parts: [...options.parts] },
  };
  const save = () => {
    mkdirSync(dirname(options.out), { recursive: true });
    writeFileSync(options.out, `${JSON.stringify(results, null, 2)}\n`);
  };

  if (options.scale) {
    await runScale(options, results);
    save();
    return;
  }
  if (options.applications) {
    await runWorkspace(options.applications, options, results);
    save();
    return;
  }

  const database = await benchDatabase(databaseName("unisearch_bench", options));
  results.database = database.mode;
  if (options.parts.has("queries")) {
    results.queries = await database.serve(async (url) => {
      process.env.DATABASE_URL = url;
      const { runQueryBench } = await import("./bench/queries");
      return runQueryBench(url, database.mode);
    });
    save();
  }
  if (!["render", "load", "bytes", "lighthouse"].some((part) => options.parts.has(part as never))) return;

  ensureBuild(options.build);
  const server = await startServer(options.port, database.env);
  try {
    // A set of first visits for each connection count; the bytes and Lighthouse parts' page is
    // one more, whose visit also loads the university route's code before the load part.
    const [pageSlugs, ...slugSets] = await spreadOfSlugs(server.url, options.connections.length + 1);
    const universityPage = `/university/${pageSlugs[0]}`;
    await fetch(`${server.url}${universityPage}`).then((response) => response.arrayBuffer());
    if (options.parts.has("render")) {
      const render = await measureRender(server.url, server.pid);
      console.log(
        `\nOne request at a time (median of ${render.samples}): a first search ${render.firstSearchMs} ms (rendered for it), its second request ${render.secondSearchMs} ms (rendered into the cache), its third ${render.cachedSearchMs} ms (from the cache); references: the sign-in page (rendered each time) ${render.smallestRenderMs} ms, /robots.txt ${render.referenceMs} ms`,
      );
      const { cpu } = render;
      console.log(
        cpu
          ? `The server's CPU per request (mean): a first search ${cpu.firstSearchMs} ms, its second ${cpu.secondSearchMs} ms, its third ${cpu.cachedSearchMs} ms; the sign-in page ${cpu.smallestRenderMs} ms, /robots.txt ${cpu.referenceMs} ms`
          : "The server's CPU per request: not measured (no /proc, or the Next process was not found)",
      );
      results.render = render;
      save();
    }
    if (options.parts.has("load")) {
      const student = DEMO_ACCOUNTS.find((account) => account.role === "user")!;
      const cookie = await signIn(server.url, student.username, student.password);
      await saveStudyProfile(server.url, cookie);
      console.log(`\nLoad on the ${database.mode} database, ${options.duration} s per scenario:`);
      const rows = await runLoad(server.url, (_, run) => allScenarios(slugSets[run], cookie, run), options);
      console.log(`\n${loadTable(rows)}`);
      results.load = rows;
      save();
    }
    if (options.parts.has("bytes")) {
      const firstLoads = await measureFirstLoads(server.url, [
        "/",
        SEARCH_PAGE,
        universityPage,
        PROGRAMS_PAGE,
        SCHOLARSHIPS_PAGE,
      ]);
      // To a search nobody asked for yet (rendered for the request), then again (its cached route).
      const filterChange = await measureFilterChange(server.url, SEARCH_PAGE, FILTER_CHANGE);
      const filterChangeAgain = await measureFilterChange(server.url, SEARCH_PAGE, FILTER_CHANGE);
      console.log(
        `\nFirst load (bytes as sent)\n${table(
          ["page", "HTML", "HTML decoded", "JS", "JS files", "CSS", "total"],
          firstLoads.map((l) => [l.page, l.html, l.htmlDecoded, l.js, l.jsFiles, l.css, l.total]),
        )}`,
      );
      console.log(
        `Filter change ${filterChange.from} -> ${filterChange.to}: ${weight(filterChange)}, asked again ${weight(filterChangeAgain)}; request headers ${JSON.stringify(filterChange.requestHeaders)}`,
      );
      results.bytes = { firstLoads, filterChange, filterChangeAgain };
      save();
    }
    if (options.parts.has("lighthouse")) {
      const scores = await runLighthouse(
        server.url,
        ["/", SEARCH_PAGE, universityPage, PROGRAMS_PAGE],
        options.port + 1,
      );
      console.log(
        `\nLighthouse (mobile)\n${table(
          ["page", "Performance", "Accessibility", "Best Practices", "SEO", "LCP ms", "TBT ms"],
          scores.map((s) => [
            s.page,
            s.performance,
            s.accessibility,
            s.bestPractices,
            s.seo,
            s.lcpMs,
            s.tbtMs,
          ]),
        )}`,
      );
      results.lighthouse = scores;
      save();
    }
  } finally {
    await server.stop();
  }
  console.log(`\nWritten to ${options.out}`);
}

/**
 * The admissions workspace with `applications` synthetic applications: its database calls and a
 * bulk change (the queries part), then its pages rendered by the production server, one request
 * at a time (the render part).
 */
async function runWorkspace(applications: number, options: BenchOptions, results: Record<string, unknown>) {
  const database = await benchDatabase(databaseName("unisearch_bench_workspace", options));
  results.database = database.mode;
  const workspace: Record<string, unknown> = await database.serve(async (url) => {
    const started = Date.now();
    const count = await seedApplications(url, applications);
    console.log(`Seeded ${count} applications in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
    if (!options.parts.has("queries")) return { applications: count };
    process.env.DATABASE_URL = url;
    const { runWorkspaceBench } = await import("./bench/workspace");
    return { applications: count, ...(await runWorkspaceBench()) };
  });
  results.workspace = workspace;
  if (!options.parts.has("render")) return;
  ensureBuild(options.build);
  const server = await startServer(options.port, database.env);
  try {
    const admin = DEMO_ACCOUNTS.find((account) => account.adminType === "super")!;
    const cookie = await signIn(server.url, admin.username, admin.password);
    const { measurePages } = await import("./bench/workspace");
    const pages = await measurePages(server.url, server.pid, cookie);
    console.log(`\nThe workspace's pages, one request at a time (median of 20), as a super admin:\n`);
    for (const page of pages)
      console.log(
        `${page.name.padEnd(24)} ${page.ms.toFixed(1).padStart(7)} ms  CPU ${page.cpuMs === null ? "-" : `${page.cpuMs.toFixed(1)} ms`}`,
      );
    workspace.pages = pages;
  } finally {
    await server.stop();
  }
}

/** The search scenarios with the demo catalogue (about 10,000 universities), then at options.scale. */
async function runScale(options: BenchOptions, results: Record<string, unknown>) {
  if (options.parts.has("load")) ensureBuild(options.build);
  const database = await benchDatabase(databaseName("unisearch_bench_scale", options));
  const measure = async (label: string) => {
    const { counts, queries } = await database.serve(async (url) => {
      const counts = await scaleTo(url, 0);
      console.log(`\nSearch at ${counts.universities} universities, ${counts.programs} programs (${label}):`);
      if (!options.parts.has("queries")) return { counts };
      process.env.DATABASE_URL = url;
      const { runQueryBench } = await import("./bench/queries");
      return { counts, queries: await runQueryBench(url, `${database.mode} (${label})`) };
    });
    if (!options.parts.has("load")) return { counts, queries, rows: [] };
    const server = await startServer(options.port, database.env);
    try {
      return { counts, queries, rows: await runLoad(server.url, (_, run) => searchScenarios(run), options) };
    } finally {
      await server.stop();
    }
  };
  const small = await measure("the demo catalogue");
  const started = Date.now();
  await database.serve((url) => scaleTo(url, options.scale!));
  console.log(
    `Seeded up to ${options.scale} universities in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  const large = await measure("synthetic");
  const comparison = scaleComparison(small.rows, large.rows);
  console.log(
    `\n${table(
      [
        "scenario",
        "conn",
        `p50 ms @${small.counts.universities}`,
        `p50 ms @${large.counts.universities}`,
        "p50 x",
        "req/s small",
        "req/s large",
      ],
      comparison.map((c) => [
        c.scenario,
        c.connections,
        c.p50Small,
        c.p50Large,
        c.p50Growth ?? "-",
        c.reqPerSecSmall.toFixed(0),
        c.reqPerSecLarge.toFixed(0),
      ]),
    )}`,
  );
  if (small.queries && large.queries) {
    const before = new Map(
      [...small.queries.search, ...small.queries.admin].map((timing) => [timing.name, timing.p50]),
    );
    console.log(
      `\n${table(
        [
          "database call (queries part)",
          `p50 ms @${small.counts.universities}`,
          `p50 ms @${large.counts.universities}`,
          "p50 x",
        ],
        [...large.queries.search, ...large.queries.admin].map(({ name, p50 }) => {
          const reference = before.get(name) ?? 0;
          return [
            name,
            reference.toFixed(1),
            p50.toFixed(1),
            reference > 0 ? (p50 / reference).toFixed(2) : "-",
          ];
        }),
      )}`,
    );
  }
  Object.assign(results, { database: database.mode, scale: { small, large, comparison } });
}

let options: BenchOptions;
try {
  if (process.argv.includes("--help")) {
    console.log(USAGE);
    process.exit(0);
  }
  options = parseArgs(process.argv.slice(2));
  options.out = resolve(options.out);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
}
main(options).then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
