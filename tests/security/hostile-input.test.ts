import "../support/temp-documents";
import "../support/temp-uploads";
import fc from "fast-check";
import { prisma } from "@/lib/db/client.server";
import type { Mail } from "@/lib/mail/send.server";
import type { FormState } from "@/lib/http/form-state";
import { loadServerActions, type ServerAction } from "../support/actions";
import { changedTables, tableChecksums, type Checksums } from "../support/checksum";
import { cleanup } from "../support/factories";
import { HOSTILE_SEED } from "../support/hostile";
import type { Agent } from "../support/agent";
import { routeThroughNext } from "../support/next-routing";
import {
  actionCaseArb,
  actionSweep,
  formDataOf,
  LIVE,
  type ActionCase,
  type FormValue,
} from "./action-corpus";
import { bodyKeys, caseArb, sweepCases, urlOf, type Case, type Endpoint, type World } from "./corpus";
import {
  errorShapeProblem,
  loadEndpoints,
  makeWorld,
  offSiteRedirect,
  offSiteTarget,
  refreshSessions,
  send,
  sessionOf,
  withinTimeout,
  type Answer,
} from "./world";

// The hostile-input corpus: requests generated with fast-check from each route's
// declaration (tests/security/corpus.ts) go to every method of every route, in process, through
// what `next start` does first (proxy.ts and Next's decoding of the path's segments, which answers
// a segment it cannot decode with a bare 500: tests/support/next-routing.ts). Each answer must be
// below 500, within the time limit, and a 4xx must be the JSON error shape; a
// refused write must leave every table as it was (checksums before and after); privileged fields
// slipped into a body must not take effect; a redirect (or Auth.js's stored callback URL) must
// stay on this site. Forms generated from each server action's declaration
// (tests/security/action-corpus.ts) are posted to every action as an actor it lets in: each answer
// must be a refusal in the API's error shape (a 4xx form state) or a success, never a 500 or a
// thrown error; a refusal changes no table; nothing typed in a password field comes back; a
// redirect stays on this site (redirect() and notFound() are navigation, not failures).
// HOSTILE_SEED and HOSTILE_RUNS (per endpoint or action) replay or widen a run; the summary at the
// end gives the cases per route and per action.

jest.mock("@/lib/mail/send.server", () => ({ sendMail: async (mail: Mail) => void mail }));
// Next's revalidatePath needs the store of a request Next serves itself; the profile's actions call
// it after their write. Which pages it expires is Next's business, not this corpus's.
jest.mock("next/cache", () => ({ ...jest.requireActual("next/cache"), revalidatePath: () => undefined }));

const RUNS = Number(process.env.HOSTILE_RUNS ?? 32);
/** HOSTILE_VERBOSE=1 prints every request with its status. */
const VERBOSE = process.env.HOSTILE_VERBOSE === "1";
const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** The time one endpoint's cases may take together. */
const ENDPOINT_TIMEOUT_MS = 180_000;

const endpoints = loadEndpoints();
let world: World;
type Stats = { cases: number; failures: number; statuses: Map<number, number> };
const summary = new Map<string, Stats>();
const actionSummary = new Map<string, Stats>();

beforeAll(async () => {
  world = await makeWorld();
  process.stdout.write(
    `hostile-input corpus: seed ${HOSTILE_SEED} (HOSTILE_SEED), ${RUNS} runs per endpoint\n`,
  );
}, 120_000);

beforeEach(() => refreshSessions(world));

afterAll(async () => {
  await prisma.user.deleteMany({
    where: { OR: [{ username: { startsWith: NEW_ACCOUNTS } }, { email: { startsWith: NEW_ACCOUNTS } }] },
  });
  await cleanup();
  const report = (title: string, stats: Map<string, Stats>, what: string) => {
    const lines = [...stats].map(([name, s]) => {
      const statuses = [...s.statuses]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status}×${n}`)
        .join(" ");
      return `  ${name.padEnd(48)} ${String(s.cases).padStart(4)} cases  ${s.failures} failures  ${statuses}`;
    });
    const total = [...stats.values()].reduce((sum, s) => sum + s.cases, 0);
    const failures = [...stats.values()].reduce((sum, s) => sum + s.failures, 0);
    return `\n${title} (seed ${HOSTILE_SEED}):\n${lines.join("\n")}\n  total: ${total} requests over ${stats.size} ${what}, ${failures} failures\n`;
  };
  process.stdout.write(
    `${report("Hostile-input corpus", summary, "endpoints")}${report("Hostile forms posted to server actions", actionSummary, "actions")}\n`,
  );
});

/** What is wrong with a refusal's effect: it changed a table (other than those `kept`). */
function refusedButChanged(status: number, before: Checksums, after: Checksums, kept: string[] = []) {
  if (status < 400) return null;
  const changed = changedTables(before, after).filter((table) => !kept.includes(table));
  return changed.length ? `refused with ${status} but changed ${changed.join(", ")}` : null;
}

/** Fails the test with the run's failures, and when no case got past authorisation. */
function settle(stats: Stats, failures: string[]) {
  // A corpus that only ever met 401 or 403 would have tested nothing but the sign-in check.
  const past = [...stats.statuses].filter(([status]) => status !== 401 && status !== 403);
  if (past.length === 0) failures.push("no case got past authorisation");
  stats.failures = failures.length;
  expect(failures).toEqual([]);
}

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
        const after = await tableChecksums(before!);
        const changed = refusedButChanged(answer.status, before!, after);
        if (changed) problems.push(changed);
        before = after;
      }
      if (problems.length) failures.push(`${describeCase(c, endpoint)} -> ${problems.join("; ")}`);
    }
    settle(stats, failures);
  },
  // An endpoint's cases run one after another; a CSV export's each stream every row (half a
  // second on the embedded database), and the programs export has about 90 cases.
  ENDPOINT_TIMEOUT_MS,
);

const actions = loadServerActions().filter(
  (a): a is ServerAction & { declaration: NonNullable<ServerAction["declaration"]> } =>
    a.declaration !== null,
);

/**
 * Tables an action writes before it checks the form, which a refusal therefore changes: the
 * application form saves what was typed as the draft first, so that the page shown next (rendered
 * from the draft) keeps it.
 */
const WRITTEN_BEFORE_CHECKING: Record<string, string[]> = { applicationForm: ["application_drafts"] };

/** What is wrong with a form state: neither a refusal in the API's error shape nor a success. */
function formStateProblem(state: FormState): string | null {
  if (state.status === undefined) return state.error === undefined ? null : "an error without a status";
  if (state.status >= 500) return `status ${state.status}: ${String(state.error).slice(0, 200)}`;
  if (state.status < 400) return `status ${state.status} in a form state`;
  if (typeof state.error !== "string" || state.error === "")
    return `${state.status} without a string \`error\``;
  const { fieldErrors } = state;
  const messagesByField =
    fieldErrors === undefined ||
    (typeof fieldErrors === "object" &&
      fieldErrors !== null &&
      Object.values(fieldErrors).every(
        (m) => Array.isArray(m) && m.every((text) => typeof text === "string"),
      ));
  return messagesByField ? null : `${state.status} whose fieldErrors are not messages by field`;
}

/**
 * The fields a state gives back that it must not: a password, or a field the action does not
 * echo; and what was typed in a password field, anywhere in the state (unless another field, which
 * may come back, held the same text).
 */
function echoProblems(c: ActionCase, state: FormState, echo: readonly string[]): string[] {
  const problems = Object.keys(state.values ?? {})
    .filter((key) => /password/i.test(key) || !echo.includes(key))
    .map((key) => `gives back the field ${key}`);
  const text = JSON.stringify(state);
  const isPassword = (name: string) => /password/i.test(name);
  const others = c.form.filter(([name]) => !isPassword(name)).map(([, value]) => value);
  for (const [name, value] of c.form) {
    if (!isPassword(name) || typeof value !== "string" || value.trim().length < 6) continue;
    if (others.some((other) => typeof other === "string" && other.includes(value))) continue;
    if (text.includes(JSON.stringify(value).slice(1, -1))) problems.push(`repeats what was typed in ${name}`);
  }
  return problems;
}

const formValueText = (value: FormValue) =>
  typeof value === "string" ? JSON.stringify(value.slice(0, 40)) : `file(${value.file.name})`;

function describeActionCase(c: ActionCase, a: ServerAction): string {
  const form = c.form.map(([name, value]) => `${name.slice(0, 40)}=${formValueText(value)}`).join("&");
  return `${a.name} as ${c.actor} [${c.label}] ${form.slice(0, 300)}`;
}

/** The accounts the register form's cases make start with this (afterAll deletes them). */
const NEW_ACCOUNTS = `form${Date.now().toString(36)}`;
let registrations = 0;

/** The live values of a case's form (LIVE): a new account's name and address, the draft's version. */
async function liveValues(c: ActionCase): Promise<Record<string, string>> {
  const sent = new Set(c.form.map(([, value]) => value));
  const values: Record<string, string> = {};
  if (sent.has(LIVE.username) || sent.has(LIVE.email)) {
    registrations++;
    values[LIVE.username] = `${NEW_ACCOUNTS}_${registrations}`;
    values[LIVE.email] = `${NEW_ACCOUNTS}.${registrations}@example.test`;
  }
  if (sent.has(LIVE.draftVersion) && c.actor !== "anonymous") {
    const draft = await prisma.applicationDraft.findUnique({
      where: { userId_programId: { userId: world.userIds[c.actor], programId: world.closedProgramId } },
      select: { version: true },
    });
    values[LIVE.draftVersion] = String(draft?.version ?? 0);
  }
  return values;
}

test.each(actions.map((a) => [a.name, a] as const))(
  "%s: hostile forms get a refusal in the error shape or a success, and a refusal changes nothing",
  async (name, a) => {
    const { declaration } = a;
    const cases = [
      ...actionSweep(world, declared, a),
      ...fc.sample(actionCaseArb(world, declared, a), {
        seed: HOSTILE_SEED,
        numRuns: declaration.schema || declaration.reads ? RUNS : Math.min(RUNS, 8),
      }),
    ];
    const stats = { cases: 0, failures: 0, statuses: new Map<number, number>() };
    actionSummary.set(name, stats);
    const failures: string[] = [];
    let before = await tableChecksums();
    for (const c of cases) {
      let answer: Awaited<ReturnType<Agent["act"]>>;
      const started = Date.now();
      try {
        const data = formDataOf(c, await liveValues(c));
        answer = await withinTimeout(sessionOf(world.agents[c.actor]).act(a.action, data));
      } catch (error) {
        failures.push(`${describeActionCase(c, a)} -> threw ${String(error).slice(0, 300)}`);
        stats.cases++;
        before = await tableChecksums();
        continue;
      }
      stats.cases++;
      // A success counts as a 200; a redirect or notFound() as the status Next sends.
      const status = answer.state ? (answer.state.status ?? 200) : answer.status!;
      stats.statuses.set(status, (stats.statuses.get(status) ?? 0) + 1);
      if (VERBOSE) process.stdout.write(`${status} ${Date.now() - started}ms ${describeActionCase(c, a)}\n`);
      const problems: string[] = [];
      if (answer.state) {
        const shape = formStateProblem(answer.state);
        if (shape) problems.push(shape);
        problems.push(...echoProblems(c, answer.state, declaration.echo));
      }
      // Where the browser goes next: redirect()'s target, or one a state names for a hydrated form.
      const next = (answer.state as { redirectTo?: unknown } | null)?.redirectTo;
      for (const target of [answer.redirect, typeof next === "string" ? next : null]) {
        const offSite = target === null ? null : offSiteTarget(target);
        if (offSite) problems.push(offSite);
      }
      const after = await tableChecksums(before);
      const changed = refusedButChanged(status, before, after, WRITTEN_BEFORE_CHECKING[declaration.name]);
      if (changed) problems.push(changed);
      before = after;
      if (problems.length) failures.push(`${describeActionCase(c, a)} -> ${problems.join("; ")}`);
    }
    settle(stats, failures);
  },
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

test("the corpus has at least 1,000 requests over every endpoint, and 1,000 forms over every action", () => {
  const total = (stats: Map<string, Stats>) => [...stats.values()].reduce((sum, s) => sum + s.cases, 0);
  expect(summary.size).toBe(declared.length);
  expect(total(summary)).toBeGreaterThanOrEqual(1000);
  expect(actionSummary.size).toBe(actions.length);
  expect(total(actionSummary)).toBeGreaterThanOrEqual(1000);
});
