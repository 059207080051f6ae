import "../support/temp-uploads";
import fc from "fast-check";
import { prisma } from "@/lib/db/client.server";
import type { Mail } from "@/lib/mail/send.server";
import { changedTables, tableChecksums, type Checksums } from "../support/checksum";
import { cleanup } from "../support/factories";
import { HOSTILE_SEED } from "../support/hostile";
import { routeThroughNext } from "../support/next-routing";
import { bodyKeys, caseArb, sweepCases, urlOf, type Case, type Endpoint, type World } from "./corpus";
import {
  errorShapeProblem,
  loadEndpoints,
  makeWorld,
  offSiteRedirect,
  refreshSessions,
  send,
  sessionOf,
  type Answer,
} from "./world";

// The hostile-input corpus: requests generated with fast-check from each route's
// declaration (tests/security/corpus.ts) go to every method of every route, in process, through
// what `next start` does first (proxy.ts and Next's decoding of the path's segments, which answers
// a segment it cannot decode with a bare 500: tests/support/next-routing.ts). Each answer must be
// below 500, within the time limit, and a 4xx must be the JSON error shape; a
// refused write must leave every table as it was (checksums before and after); privileged fields
// slipped into a body must not take effect; a redirect (or Auth.js's stored callback URL) must
// stay on this site. HOSTILE_SEED and HOSTILE_RUNS (per endpoint) replay or widen a run; the
// summary at the end gives the cases per route.

jest.mock("@/lib/mail/send.server", () => ({ sendMail: async (mail: Mail) => void mail }));

const RUNS = Number(process.env.HOSTILE_RUNS ?? 32);
/** HOSTILE_VERBOSE=1 prints every request with its status. */
const VERBOSE = process.env.HOSTILE_VERBOSE === "1";
const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** The time one endpoint's cases may take together. */
const ENDPOINT_TIMEOUT_MS = 180_000;

const endpoints = loadEndpoints();
let world: World;
const summary = new Map<string, { cases: number; failures: number; statuses: Map<number, number> }>();

beforeAll(async () => {
  world = await makeWorld();
  process.stdout.write(
    `hostile-input corpus: seed ${HOSTILE_SEED} (HOSTILE_SEED), ${RUNS} runs per endpoint\n`,
  );
}, 120_000);

beforeEach(() => refreshSessions(world));

afterAll(async () => {
  await cleanup();
  const lines = [...summary].map(([name, s]) => {
    const statuses = [...s.statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}×${n}`)
      .join(" ");
    return `  ${name.padEnd(48)} ${String(s.cases).padStart(4)} cases  ${s.failures} failures  ${statuses}`;
  });
  const total = [...summary.values()].reduce((sum, s) => sum + s.cases, 0);
  const failures = [...summary.values()].reduce((sum, s) => sum + s.failures, 0);
  process.stdout.write(
    `\nHostile-input corpus (seed ${HOSTILE_SEED}):\n${lines.join("\n")}\n  total: ${total} requests over ${summary.size} endpoints, ${failures} failures\n\n`,
  );
});

test("every route method is declared through route()", () => {
  expect(endpoints.filter((e) => e.declaration === null).map((e) => e.name)).toEqual([]);
  expect(endpoints.length).toBeGreaterThan(40);
});

/** The privileged fields of a case that its route does not take, echoed back as sent. */
function massAssigned(c: Case, endpoint: Endpoint, answer: Answer): string[] {
  if (!c.extras || answer.status >= 300) return [];
  const declared = new Set(bodyKeys(world, endpoint));
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(answer.text) as Record<string, unknown>;
  } catch {
    return [];
  }
  if (!body || typeof body !== "object") return [];
  return Object.entries(c.extras)
    .filter(([key]) => !declared.has(key) && Object.hasOwn(body, key))
    .filter(([key, value]) => JSON.stringify(body[key]) === JSON.stringify(value))
    .map(([key]) => key);
}

function describeCase(c: Case, endpoint: Endpoint): string {
  const body =
    c.raw !== undefined ? `raw(${c.raw.length} bytes)` : c.json !== undefined ? JSON.stringify(c.json) : "";
  return `${endpoint.method} ${urlOf(endpoint, c).slice(0, 200)} as ${c.actor} [${c.label}] ${body.slice(0, 200)}`;
}

const declared = endpoints.filter((e): e is Endpoint => e.declaration !== null);

/**
 * A route that declares no params, query or body has only the caller and stray input to vary: a
 * few draws cover it (the CSV exports stream every row, seconds each, so 32 would take minutes).
 */
const runsFor = ({ declaration }: Endpoint) =>
  declaration.params || declaration.query || declaration.body ? RUNS : Math.min(RUNS, 8);

test.each(declared.map((e) => [e.name, e] as const))(
  "%s: hostile requests get a 4xx in the error shape and change nothing",
  async (name, endpoint) => {
    const cases = [
      ...sweepCases(world, endpoint),
      ...fc.sample(caseArb(world, endpoint), { seed: HOSTILE_SEED, numRuns: runsFor(endpoint) }),
    ];
    const stats = { cases: 0, failures: 0, statuses: new Map<number, number>() };
    summary.set(name, stats);
    const failures: string[] = [];
    let before: Checksums | null = null;
    for (const c of cases) {
      const write = WRITES.has(endpoint.method);
      if (write) before ??= await tableChecksums();
      const hasBody = endpoint.method !== "GET" && (c.json !== undefined || c.raw !== undefined);
      let answer: Answer;
      try {
        const sent = urlOf(endpoint, c);
        const routed = await routeThroughNext(endpoint.pattern, sent, { method: endpoint.method });
        if (routed.kind === "undecodable") {
          answer = {
            status: 500,
            contentType: "text/plain",
            text: "Internal Server Error",
            ms: 0,
            location: null,
            setCookies: [],
          };
        } else if (routed.kind === "answered") {
          const { status, contentType, text, location, setCookies } = routed;
          answer = { status, contentType, text, ms: 0, location, setCookies };
        } else {
          // A path Next sends elsewhere (a ".." segment, an empty one) still tries this handler.
          const elsewhere = routed.kind === "elsewhere";
          answer = await send(
            sessionOf(world.agents[c.actor]),
            endpoint.handler,
            elsewhere ? sent : routed.url,
            {
              method: endpoint.method,
              params: (elsewhere ? c.params : routed.params) as Record<string, string>,
              ...(hasBody && c.json !== undefined ? { json: c.json } : {}),
              ...(hasBody && c.raw !== undefined
                ? { body: c.raw, headers: { "content-type": c.contentType ?? "application/json" } }
                : {}),
            },
          );
        }
      } catch (error) {
        failures.push(`${describeCase(c, endpoint)} -> threw ${String(error).slice(0, 300)}`);
        stats.cases++;
        before = null;
        continue;
      }
      stats.cases++;
      stats.statuses.set(answer.status, (stats.statuses.get(answer.status) ?? 0) + 1);
      if (VERBOSE) process.stdout.write(`${answer.status} ${answer.ms}ms ${describeCase(c, endpoint)}\n`);
      const problems: string[] = [];
      if (answer.status >= 500) problems.push(`status ${answer.status}: ${answer.text.slice(0, 200)}`);
      if (answer.status >= 400 && answer.status < 500) {
        const shape = errorShapeProblem(answer);
        if (shape)
          problems.push(`${answer.status} not in the error shape (${shape}): ${answer.text.slice(0, 120)}`);
      }
      if (c.mustNotSignIn && answer.status < 300) problems.push(`a look-alike signed in (${answer.status})`);
      const offSite = offSiteRedirect(answer);
      if (offSite) problems.push(offSite);
      const echoed = massAssigned(c, endpoint, answer);
      if (echoed.length) problems.push(`mass assignment took effect: ${echoed.join(", ")}`);
      if (write) {
        const after = await tableChecksums();
        if (answer.status >= 400) {
          const changed = changedTables(before!, after);
          if (changed.length)
            problems.push(`refused with ${answer.status} but changed ${changed.join(", ")}`);
        }
        before = after;
      }
      if (problems.length) failures.push(`${describeCase(c, endpoint)} -> ${problems.join("; ")}`);
    }
    // A corpus that only ever met 401 or 403 would have tested nothing but the sign-in check.
    const past = [...stats.statuses].filter(([status]) => status !== 401 && status !== 403);
    if (past.length === 0) failures.push("no case got past authorisation");
    stats.failures = failures.length;
    expect(failures).toEqual([]);
  },
  // An endpoint's cases run one after another; a CSV export's each stream every row (half a
  // second on the embedded database), and the programs export has about 90 cases.
  ENDPOINT_TIMEOUT_MS,
);

test("no actor gained a role or lost its account through the corpus", async () => {
  const users = await prisma.user.findMany({
    where: { id: { in: Object.values(world.userIds) } },
    select: { id: true, role: true, adminType: true, isActive: true },
    orderBy: { id: "asc" },
  });
  expect(users).toEqual([
    { id: world.userIds.student, role: "user", adminType: null, isActive: true },
    { id: world.userIds.otherStudent, role: "user", adminType: null, isActive: true },
    { id: world.userIds.team, role: "admin", adminType: "team", isActive: true },
    { id: world.userIds.super, role: "admin", adminType: "super", isActive: true },
  ]);
  // The other student's application was never the student's to withdraw.
  expect(await prisma.application.count({ where: { id: world.othersApplicationId } })).toBe(1);
});

test("the corpus has at least 1,000 requests over every endpoint", () => {
  const total = [...summary.values()].reduce((sum, s) => sum + s.cases, 0);
  expect(summary.size).toBe(declared.length);
  expect(total).toBeGreaterThanOrEqual(1000);
});
