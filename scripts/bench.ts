// npm run bench: times the university search (the page query and its count, as the search page
// runs them) for typical and heavy filter combinations, and the admin area's lists and dashboard
// (the calls its pages make), on DATABASE_URL or the embedded database, and prints the plans of
// the slowest search and of the slowest admin scenario. Speed targets live here, not in tests.
//   npm run bench                      # embedded database (.data/pglite), seeded if empty
//   DATABASE_URL=postgresql://... npm run bench
import "./load-env";
import { performance } from "node:perf_hooks";
import { Client } from "pg";
import { listApplications } from "@/lib/applications/queries";
import { getDashboardStats } from "@/lib/dashboard/stats";
import { getWeeklyApplications } from "@/lib/dashboard/weekly";
import { LIST_PAGE_SIZE } from "@/lib/paging";
import { createPrismaClient } from "@/lib/db/client";
import { withDatabaseUrl } from "@/lib/db/connection";
import { seed } from "@/lib/db/seed";
import { wantsDemoData } from "@/lib/db/seed/demo";
import { listPrograms, type ProgramListOptions } from "@/lib/programs/queries";
import { searchPrograms } from "@/lib/programs/search";
import { toProgramCriteria } from "@/lib/programs/search-params";
import { listStudyLevels } from "@/lib/settings/queries";
import { toSearchCriteria, type SearchFilters } from "@/lib/universities/criteria";
import { searchUniversities } from "@/lib/universities/search";
import type { SearchSort } from "@/lib/universities/search-params";
import { listUsers } from "@/lib/users/admin";

const RUNS = Number(process.env.BENCH_RUNS ?? 30);

const SEARCH_SCENARIOS: { name: string; filters: SearchFilters; sort: SearchSort; page?: number }[] = [
  { name: "no filters, by ranking", filters: {}, sort: "ranking" },
  { name: "no filters, by name, page 200", filters: {}, sort: "name", page: 200 },
  { name: "no filters, by lowest tuition", filters: {}, sort: "tuition" },
  { name: "name 'tech'", filters: { q: "tech" }, sort: "ranking" },
  { name: "country US", filters: { country: "US" }, sort: "ranking" },
  { name: "level Master's + field Law", filters: { level: "Master's", field: "Law" }, sort: "ranking" },
  { name: "cost <= 5,000, by tuition", filters: { cost: 5000 }, sort: "tuition" },
  {
    name: "everything: name, country, level, field, cost, by tuition",
    filters: { q: "university", country: "US", level: "Bachelor's", field: "Science", cost: 40000 },
    sort: "tuition",
  },
];

/** One timed call; `run` makes the page's database calls and describes what they found. */
interface Scenario {
  name: string;
  run: () => Promise<string>;
}

const matches = ({ total }: { total: number }) => `${total} matches`;

/** The university search page: the page query and its count. */
function searchScenario({ name, filters, sort, page = 1 }: (typeof SEARCH_SCENARIOS)[number]): Scenario {
  const criteria = toSearchCriteria(filters);
  const options = { sort, limit: 20, offset: (page - 1) * 20 };
  return { name, run: () => searchUniversities(criteria, options).then(matches) };
}

/** /admin/programs: the study levels (for the filter) and the page of programs, newest first. */
/** LIMIT and OFFSET of an admin list page, as the pages compute them. */
function pageOf(page: number) {
  return { limit: LIST_PAGE_SIZE, offset: (page - 1) * LIST_PAGE_SIZE };
}

function adminPrograms(
  name: string,
  filters: Pick<ProgramListOptions, "search" | "level">,
  page = 1,
): Scenario {
  const options: ProgramListOptions = {
    ...filters,
    order: "newest",
    ...pageOf(page),
  };
  return {
    name: `programs: ${name}`,
    run: async () => matches((await Promise.all([listStudyLevels(), listPrograms(options)]))[1]),
  };
}

/** /admin/universities: the university search by name, sorted by name. */
function adminUniversities(name: string, q: string, page = 1): Scenario {
  const criteria = toSearchCriteria({ q });
  const options = {
    sort: "name" as const,
    ...pageOf(page),
  };
  return { name: `universities: ${name}`, run: () => searchUniversities(criteria, options).then(matches) };
}

const ADMIN_SCENARIOS: Scenario[] = [
  {
    name: "/programs: 'engineering', still open, by university ranking",
    run: () =>
      searchPrograms(toProgramCriteria({ q: "engineering", open: true }, new Date()), {
        sort: "ranking",
        limit: 20,
        offset: 0,
      }).then(matches),
  },
  adminPrograms("no filter", {}),
  adminPrograms("search 'engineering'", { search: "engineering" }),
  adminPrograms("search 'harvard' (university name)", { search: "harvard" }),
  adminPrograms("level PhD", { level: "PhD" }),
  adminPrograms("level PhD, page 500", { level: "PhD" }, 500),
  adminPrograms("search 'engineering' + level PhD", { search: "engineering", level: "PhD" }),
  adminUniversities("no filter", ""),
  adminUniversities("no filter, page 400", "", 400),
  adminUniversities("search 'tech'", "tech"),
  ...(
    [
      ["no filter", {}],
      ["q 'stud'", { search: "stud" }],
      ["role admin", { role: "admin" }],
    ] as const
  ).map(([name, filters]) => ({
    name: `users: ${name}`,
    run: () => listUsers({ role: "all", ...filters, limit: LIST_PAGE_SIZE, offset: 0 }).then(matches),
  })),
  ...(
    [
      ["no filter", {}],
      ["status pending", { status: "pending" }],
      ["search 'science'", { search: "science" }],
    ] as const
  ).map(([name, filters]) => ({
    name: `applications: ${name}`,
    run: () => listApplications({ ...filters, limit: LIST_PAGE_SIZE, offset: 0 }).then(matches),
  })),
  {
    name: "dashboard: getDashboardStats",
    run: async () => `${(await getDashboardStats()).programs.total} programs`,
  },
  {
    name: "dashboard: getWeeklyApplications",
    run: async () =>
      `${(await getWeeklyApplications()).reduce((sum, w) => sum + w.applications, 0)} in 12 weeks`,
  },
  {
    name: "dashboard: the whole page (stats, 5 recent, weekly)",
    run: async () => {
      await Promise.all([
        getDashboardStats(),
        listApplications({ limit: 5, offset: 0 }),
        getWeeklyApplications(),
      ]);
      return "";
    },
  },
];

interface Timing {
  scenario: Scenario;
  p50: number;
  p95: number;
  found: string;
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Runs each scenario once to warm up, then RUNS times, and prints p50 and p95. */
async function timeAll(title: string, scenarios: Scenario[]): Promise<Timing[]> {
  console.log(`${title}, ${RUNS} runs each:\n`);
  const results: Timing[] = [];
  for (const scenario of scenarios) {
    await scenario.run(); // warm-up
    const times: number[] = [];
    let found = "";
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      found = await scenario.run();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    results.push({ scenario, p50: percentile(times, 50), p95: percentile(times, 95), found });
  }
  for (const r of results) {
    console.log(
      `${r.scenario.name.padEnd(62)} p50 ${r.p50.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(6)} ms${r.found ? `  (${r.found})` : ""}`,
    );
  }
  return results;
}

const slowest = (results: Timing[]) => results.reduce((a, b) => (b.p50 > a.p50 ? b : a)).scenario;

withDatabaseUrl(async (url, mode) => {
  process.env.DATABASE_URL = url;
  const setup = createPrismaClient(url, { max: 1 });
  if ((await setup.university.count()) === 0) {
    await seed(setup, {
      demo: wantsDemoData({ production: process.env.NODE_ENV === "production", env: process.env }),
    });
  }
  await setup.$disconnect();

  const search = await timeAll(
    `University search on the ${mode} database (page query + count)`,
    SEARCH_SCENARIOS.map(searchScenario),
  );
  console.log();
  const admin = await timeAll(`Admin pages on the ${mode} database (their database calls)`, ADMIN_SCENARIOS);

  for (const scenario of [slowest(search), slowest(admin)]) {
    console.log(`\nPlan of the slowest statement of the slowest, "${scenario.name}":`);
    await explain(url, scenario);
  }
}).then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);

/**
 * EXPLAIN ANALYZE of the statement of one run of the scenario that takes the database the longest,
 * captured by logging what Prisma sends.
 */
async function explain(url: string, scenario: Scenario) {
  const captured: { sql: string; params: unknown[] }[] = [];
  const original = Client.prototype.query;
  // Only for this one run: record the SQL and parameters Prisma's adapter sends.
  Client.prototype.query = function (this: Client, ...args: unknown[]) {
    const [config, values] = args as [{ text?: string; values?: unknown[] } | string, unknown[] | undefined];
    if (typeof config === "object" && config?.text && /^\s*(SELECT|WITH)\b/i.test(config.text)) {
      captured.push({ sql: config.text, params: config.values ?? values ?? [] });
    }
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof Client.prototype.query;
  try {
    await scenario.run();
  } finally {
    Client.prototype.query = original;
  }

  const client = new Client({ connectionString: url });
  await client.connect();
  let plan = { lines: [] as string[], ms: -1 };
  for (const { sql, params } of captured) {
    const { rows } = await client.query(`EXPLAIN (ANALYZE, COSTS OFF) ${sql}`, params);
    const lines = rows.map((r) => r["QUERY PLAN"] as string);
    const ms = Number(/Execution Time: ([\d.]+)/.exec(lines.at(-1) ?? "")?.[1] ?? 0);
    if (ms > plan.ms) plan = { lines, ms };
  }
  console.log(plan.lines.join("\n"));
  await client.end();
}
