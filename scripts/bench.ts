// npm run bench: times the university search (the page query and its count, as the search page
// runs them) for typical and heavy filter combinations, on DATABASE_URL or the embedded database,
// and prints the plan of the slowest. Speed targets live here, not in tests.
//   npm run bench                      # embedded database (.data/pglite), seeded if empty
//   DATABASE_URL=postgresql://... npm run bench
import "./load-env";
import { performance } from "node:perf_hooks";
import { Client } from "pg";
import { createPrismaClient } from "@/lib/db/client";
import { withDatabaseUrl } from "@/lib/db/connection";
import { seed } from "@/lib/db/seed";
import { toSearchCriteria, type SearchFilters } from "@/lib/universities/criteria";
import { searchUniversities } from "@/lib/universities/search";
import type { SearchSort } from "@/lib/universities/search-params";

const RUNS = Number(process.env.BENCH_RUNS ?? 30);

const SCENARIOS: { name: string; filters: SearchFilters; sort: SearchSort; page?: number }[] = [
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

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

withDatabaseUrl(async (url, mode) => {
  process.env.DATABASE_URL = url;
  const setup = createPrismaClient(url, { max: 1 });
  if ((await setup.university.count()) === 0) await seed(setup);
  await setup.$disconnect();

  console.log(`University search on the ${mode} database, ${RUNS} runs each (page query + count):\n`);
  const results: { name: string; p50: number; p95: number; total: number }[] = [];
  for (const scenario of SCENARIOS) {
    const criteria = toSearchCriteria(scenario.filters);
    const options = { sort: scenario.sort, limit: 20, offset: ((scenario.page ?? 1) - 1) * 20 };
    await searchUniversities(criteria, options); // warm-up
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      total = (await searchUniversities(criteria, options)).total;
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    results.push({ name: scenario.name, p50: percentile(times, 50), p95: percentile(times, 95), total });
  }
  for (const r of results) {
    console.log(
      `${r.name.padEnd(62)} p50 ${r.p50.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(6)} ms  (${r.total} matches)`,
    );
  }

  const slowest = SCENARIOS[results.indexOf(results.reduce((a, b) => (b.p50 > a.p50 ? b : a)))];
  console.log(`\nPlan of the slowest, "${slowest.name}":`);
  await explain(url, slowest.filters, slowest.sort);
}).then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);

/** EXPLAIN ANALYZE of the page query, captured by logging what Prisma sends. */
async function explain(url: string, filters: SearchFilters, sort: SearchSort) {
  const captured: { sql: string; params: unknown[] }[] = [];
  const original = Client.prototype.query;
  // Only for this one call: record the SQL and parameters Prisma's adapter sends.
  Client.prototype.query = function (this: Client, ...args: unknown[]) {
    const [config, values] = args as [{ text?: string; values?: unknown[] } | string, unknown[] | undefined];
    if (typeof config === "object" && config?.text?.includes("WITH page AS")) {
      captured.push({ sql: config.text, params: config.values ?? values ?? [] });
    }
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof Client.prototype.query;
  await searchUniversities(toSearchCriteria(filters), { sort, limit: 20, offset: 0 });
  Client.prototype.query = original;

  const client = new Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query(`EXPLAIN (ANALYZE, COSTS OFF) ${captured[0].sql}`, captured[0].params);
  console.log(rows.map((r) => r["QUERY PLAN"]).join("\n"));
  await client.end();
}
