// The "queries" part of `npm run bench` (scripts/bench.ts): times the university search (the page
// query and its count, as the search page runs them) for typical and heavy filter combinations,
// and the admin area's lists and dashboard (the calls its pages make), in the bench's database,
// prints the plans of the slowest search and of the slowest admin scenario, and checks that the
// name searches typed without accents still read the trigram indexes on the stored search names.
import { performance } from "node:perf_hooks";
import { Client } from "pg";
import { listApplications } from "@/lib/applications/queries.server";
import { getDashboardStats } from "@/lib/dashboard/stats.server";
import { getWeeklyApplications } from "@/lib/dashboard/weekly-applications.server";
import { LIST_PAGE_SIZE } from "@/lib/paging";
import { NAME_SEARCH_INDEXES } from "@/lib/db/text-match";
import { listPrograms, type ProgramListOptions } from "@/lib/programs/queries.server";
import { searchPrograms } from "@/lib/programs/search.server";
import { toProgramCriteria } from "@/lib/programs/criteria";
import { FIT_FILTERS } from "@/lib/programs/fit-filters";
import { fitConditions } from "@/lib/programs/fit-sql.server";
import type { FitProfile } from "@/lib/fit/rules";
import { listStudyLevels } from "@/lib/settings/queries.server";
import { toSearchCriteria, type SearchFilters } from "@/lib/universities/criteria";
import { searchUniversities } from "@/lib/universities/search.server";
import type { SearchSort } from "@/lib/universities/search-params";
import { listUsers } from "@/lib/users/admin.server";
import { percentile } from "./summary";

const RUNS = Number(process.env.BENCH_RUNS ?? 30);

const SEARCH_SCENARIOS: { name: string; filters: SearchFilters; sort: SearchSort; page?: number }[] = [
  { name: "no filters, by ranking", filters: {}, sort: "ranking" },
  { name: "no filters, by name, page 200", filters: {}, sort: "name", page: 200 },
  { name: "no filters, by lowest tuition", filters: {}, sort: "tuition" },
  { name: "name 'tech'", filters: { q: "tech" }, sort: "ranking" },
  { name: "name 'sao paulo' (without its accent)", filters: { q: "sao paulo" }, sort: "ranking" },
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

/**
 * A student's profile for the fit filters' scenarios: a grade, an IELTS result, a budget in euros
 * (converted without rates: only euro programs are compared, the others are unknown and stay) and
 * a nationality (home students' tuition in their own country).
 */
const BENCH_PROFILE: FitProfile = {
  nationality: "DE",
  gradeScale: "percentage",
  grade: "72",
  gradeScore: 72,
  english: { ielts: { score: 6.5, takenOn: new Date().toISOString().slice(0, 10) } },
  budgetAmount: 15000,
  budgetCurrency: "EUR",
  startTerm: null,
};

/** /programs: the page query and its count, as the page runs them (with the fit filters: all three). */
const PROGRAM_SEARCH_SCENARIOS: Scenario[] = (
  [
    ["everything, by deadline", {}, "deadline", false],
    ["everything, fit filters, by deadline", {}, "deadline", true],
    ["'engineering', still open, by university ranking", { q: "engineering", open: true }, "ranking", false],
    ["'engineering', still open, fit filters, by ranking", { q: "engineering", open: true }, "ranking", true],
    ["'munchen' (without its accent), by deadline", { q: "munchen" }, "deadline", false],
    ["country US, by lowest tuition", { country: "US" }, "tuition", false],
    ["country US, fit filters, by lowest tuition", { country: "US" }, "tuition", true],
  ] as const
).map(([name, filters, sort, fit]) => ({
  name: `programs: ${name}`,
  run: () =>
    searchPrograms(toProgramCriteria(filters, new Date()), {
      sort,
      limit: 20,
      offset: 0,
      rates: {},
      fit: fit
        ? fitConditions(FIT_FILTERS, { profile: BENCH_PROFILE, signedIn: true, rates: {}, today: new Date() })
        : [],
    }).then(matches),
}));

const ADMIN_SCENARIOS: Scenario[] = [
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

export interface QueryTiming {
  name: string;
  p50: number;
  p95: number;
  found: string;
}

interface Timing {
  scenario: Scenario;
  p50: number;
  p95: number;
  found: string;
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

/**
 * Times the search and the admin pages' database calls on `url` (already seeded), and prints the
 * plans of the slowest search and of the slowest admin scenario.
 */
export async function runQueryBench(
  url: string,
  mode: string,
): Promise<{ search: QueryTiming[]; admin: QueryTiming[]; indexUse: IndexUse[] }> {
  const search = await timeAll(`Searches on the ${mode} database (page query + count)`, [
    ...SEARCH_SCENARIOS.map(searchScenario),
    ...PROGRAM_SEARCH_SCENARIOS,
  ]);
  console.log();
  const admin = await timeAll(`Admin pages on the ${mode} database (their database calls)`, ADMIN_SCENARIOS);

  for (const scenario of [slowest(search), slowest(admin)]) {
    console.log(`\nPlan of the slowest statement of the slowest, "${scenario.name}":`);
    await explain(url, scenario);
  }
  const indexUse = await checkIndexUse(url, search);
  const figures = (timings: Timing[]) =>
    timings.map(({ scenario, p50, p95, found }) => ({ name: scenario.name, p50, p95, found }));
  return { search: figures(search), admin: figures(admin), indexUse };
}

/** A statement Prisma sent and its EXPLAIN ANALYZE lines. */
interface Plan {
  sql: string;
  lines: string[];
  ms: number;
}

/** EXPLAIN ANALYZE of each statement of one run of the scenario, captured by logging what Prisma sends. */
async function plansOf(url: string, scenario: Scenario): Promise<Plan[]> {
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
  try {
    const plans: Plan[] = [];
    for (const { sql, params } of captured) {
      const { rows } = await client.query(`EXPLAIN (ANALYZE, COSTS OFF) ${sql}`, params);
      const lines = rows.map((r) => r["QUERY PLAN"] as string);
      const ms = Number(/Execution Time: ([\d.]+)/.exec(lines.at(-1) ?? "")?.[1] ?? 0);
      plans.push({ sql, lines, ms });
    }
    return plans;
  } finally {
    await client.end();
  }
}

/** Prints the plan of the statement of one run of the scenario that takes the database the longest. */
async function explain(url: string, scenario: Scenario) {
  const plans = await plansOf(url, scenario);
  const slowestPlan = plans.reduce((a, b) => (b.ms > a.ms ? b : a), { sql: "", lines: [], ms: -1 });
  console.log(slowestPlan.lines.join("\n"));
}

/** The name searches typed without accents, and the trigram index each must read. */
const UNACCENTED_SEARCHES = [
  { scenario: "name 'sao paulo' (without its accent)", index: "universities_searchName_idx" },
  { scenario: "programs: 'munchen' (without its accent), by deadline", index: "programs_searchName_idx" },
] as const;

export interface IndexUse {
  scenario: string;
  index: string;
  /** Statements of the scenario whose plan reads the index, of those that search the text. */
  reading: number;
  searching: number;
  /** The plan lines that name the index. */
  lines: string[];
}

/**
 * Whether the accent-blind name searches read the trigram indexes on the stored search names: a
 * plan that lost them (a condition the index no longer serves) scans every row instead.
 */
async function checkIndexUse(url: string, scenarios: Timing[]): Promise<IndexUse[]> {
  console.log("\nAccent-blind name searches and the trigram indexes on the stored search names:");
  const uses: IndexUse[] = [];
  for (const { scenario: name, index } of UNACCENTED_SEARCHES) {
    if (!(NAME_SEARCH_INDEXES as readonly string[]).includes(index))
      throw new Error(`${index} is not one of the declared name search indexes`);
    const scenario = scenarios.find((timing) => timing.scenario.name === name)!.scenario;
    const searching = (await plansOf(url, scenario)).filter((plan) => plan.sql.includes(`"searchName" LIKE`));
    const reading = searching.filter((plan) => plan.lines.some((line) => line.includes(index)));
    const lines = reading.flatMap((plan) =>
      plan.lines.filter((line) => line.includes(index)).map((l) => l.trim()),
    );
    console.log(
      `${name}: ${reading.length} of ${searching.length} searching statements read ${index}` +
        (reading.length < searching.length ? "  <-- NOT ALL" : ""),
    );
    for (const line of new Set(lines)) console.log(`    ${line}`);
    uses.push({ scenario: name, index, reading: reading.length, searching: searching.length, lines });
  }
  return uses;
}
