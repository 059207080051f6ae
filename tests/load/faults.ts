import { CONNECTION_TIMEOUT_MS } from "@/lib/db/client.server";
import { SERVICE_UNAVAILABLE } from "@/lib/http/errors";
import { UNAVAILABLE_PAGE_TITLE } from "@/lib/http/unavailable-page";
import { NoAnswer, type Session } from "./http";
import type { App, TcpProxy } from "./processes";
import { PASSWORD, signUp, STATEMENT_BODY, type World } from "./scenario";

// The faults of deadline day, each under load from students of their own:
//  - the database refusing connections for a while (the TCP proxy stops forwarding): API requests
//    answer 503 with Retry-After and the JSON error shape within the pool's connection timeout,
//    public pages the cache holds are served from it (a university page visited just before the
//    outage every time), other pages are the branded 503 page, sign-in says the service is
//    unavailable (never a wrong password), nothing hangs, and once the database is back the app
//    serves within 5 s;
//  - the app killed (SIGKILL) in the middle of submissions and started again.
// What the clients were told goes into the ledger; integrity.ts then checks nothing was lost or
// half-written.

/**
 * A render that met the outage before the breaker opened: app/error.tsx's page, or the document
 * in which the browser renders app/global-error.tsx (when the root layout itself failed).
 */
const ERROR_PAGES = ["This page could not be loaded", 'id="__next_error__"'];
/** How long after the database is back the app must serve again. */
export const RECOVERY_BUDGET_MS = 5_000;
const FAULT_TIMEOUT_MS = 15_000;

interface Seen {
  kind: string;
  path: string;
  api: boolean;
  sentAt: number;
  answeredAt: number;
  status: number | "timeout" | "network";
  retryAfter?: string | null;
  /** Next's x-nextjs-cache: HIT or STALE for a page served from the cache. */
  cache?: string | null;
  body?: string;
}

/** The search API answers from its cached results (lib/cache/reads.server.ts) while it has them. */
const CACHED_API = "GET /api/universities";
/** The kind of the page every student asks for during the outage, visited just before it. */
const CACHED_PAGE = "page /university, visited before";

export interface FaultReport {
  lines: string[];
  failures: string[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One request, remembered with its timing whatever happens. */
async function observe(
  seen: Seen[],
  session: Session,
  kind: string,
  method: string,
  path: string,
  json?: unknown,
) {
  const sentAt = performance.now();
  const entry: Seen = { kind, path, api: path.startsWith("/api/"), sentAt, answeredAt: 0, status: "network" };
  seen.push(entry);
  try {
    const answer = await session.send(kind, method, path, { json, timeoutMs: FAULT_TIMEOUT_MS });
    Object.assign(entry, {
      answeredAt: performance.now(),
      status: answer.status,
      retryAfter: answer.headers.get("retry-after"),
      cache: answer.headers.get("x-nextjs-cache"),
      body: answer.text,
    });
    return answer;
  } catch (error) {
    if (!(error instanceof NoAnswer)) throw error;
    Object.assign(entry, { answeredAt: performance.now(), status: error.outcome });
    return null;
  }
}

/** Submits to the run's programs in turn, recording each outcome in the ledger. */
async function submitNext(
  world: World,
  seen: Seen[],
  student: { session: Session; userId: number },
  next: number,
) {
  const program = world.programs[next % world.programs.length];
  const answer = await observe(seen, student.session, "POST /api/applications", "POST", "/api/applications", {
    ...STATEMENT_BODY,
    programId: program.id,
  });
  world.ledger.submits.push({
    userId: student.userId,
    programId: program.id,
    outcome: answer ? answer.status : "network",
    applicationId: answer?.status === 201 ? answer.json<{ id: number }>().id : undefined,
  });
}

async function students(world: World, first: number, count: number) {
  const made = await Promise.all(Array.from({ length: count }, (_, i) => signUp(world, first + i)));
  if (made.includes(null)) throw new Error("a fault phase's student could not sign up");
  return made as { session: Session; userId: number }[];
}

/** Waits until the API and a page both answer 200; the milliseconds it took. */
async function untilServing(session: Session, slug: string, budgetMs: number): Promise<number | null> {
  const started = performance.now();
  while (performance.now() - started < budgetMs * 3) {
    const answers = await Promise.all(
      [`/api/universities?limit=1`, `/university/${slug}`].map((path) =>
        session.send("recovery probe", "GET", path, { timeoutMs: FAULT_TIMEOUT_MS }).catch(() => null),
      ),
    );
    if (answers.every((answer) => answer?.status === 200)) return performance.now() - started;
    await sleep(100);
  }
  return null;
}

export async function databaseOutage(
  world: World,
  proxy: TcpProxy,
  options: { firstStudent: number; students: number; outageMs: number },
): Promise<FaultReport> {
  const failures: string[] = [];
  const seen: Seen[] = [];
  const group = await students(world, options.firstStudent, options.students);
  // A page visited before the outage, so that the cache holds it (its render stores it).
  const cachedPage = `/university/${world.slugs[0]}`;
  const warm = await group[0].session.fresh().send("warm-up", "GET", cachedPage);
  if (warm.status !== 200) throw new Error(`${cachedPage} answered ${warm.status} before the outage`);
  let running = true;
  const workers = group.map(async (student, index) => {
    const other = student.session.fresh();
    for (let round = index; running; round++) {
      await submitNext(world, seen, student, round);
      await observe(seen, student.session, CACHED_API, "GET", "/api/universities?q=tech&limit=5");
      await observe(seen, student.session, "GET /api/applications", "GET", "/api/applications");
      await observe(seen, other, "page /universities/search", "GET", "/universities/search?q=state");
      await observe(
        seen,
        other,
        "page /university",
        "GET",
        `/university/${world.slugs[round % world.slugs.length]}`,
      );
      await observe(seen, other, CACHED_PAGE, "GET", cachedPage);
      // Signing in from another browser, with the right password.
      await observe(seen, other.fresh(), "POST /api/login", "POST", "/api/login", {
        username: `load_${world.runId}_${options.firstStudent + index}`,
        password: PASSWORD,
      });
      await sleep(100);
    }
  });

  await sleep(2_000);
  const down = performance.now();
  await proxy.refuse();
  await sleep(options.outageMs);
  await proxy.forward();
  const back = performance.now();
  const recoveredIn = await untilServing(group[0].session.fresh(), world.slugs[0], RECOVERY_BUDGET_MS);
  await sleep(2_000);
  running = false;
  await Promise.all(workers);

  // Requests sent and answered while the database refused connections. A page may render into
  // app/error.tsx's 500 only until the first failure has opened the breaker (the first 503 seen).
  const during = seen.filter((s) => s.sentAt >= down + 100 && s.answeredAt <= back);
  const breakerOpen = Math.min(...during.filter((s) => s.status === 503).map((s) => s.answeredAt));
  let pagesBeforeBreaker = 0;
  let fromCache = 0;
  let renderedAsBefore = 0;
  const byKind = new Map<string, Map<string, number>>();
  let slowest = 0;
  for (const s of during) {
    const kinds = byKind.get(s.kind) ?? new Map<string, number>();
    kinds.set(String(s.status), (kinds.get(String(s.status)) ?? 0) + 1);
    byKind.set(s.kind, kinds);
    const ms = s.answeredAt - s.sentAt;
    slowest = Math.max(slowest, ms);
    if (ms > CONNECTION_TIMEOUT_MS)
      failures.push(`${s.kind} took ${Math.round(ms)} ms with the database down`);
    if (
      !s.api &&
      s.status === 500 &&
      s.sentAt < breakerOpen &&
      ERROR_PAGES.some((page) => s.body?.includes(page))
    ) {
      pagesBeforeBreaker++;
      continue;
    }
    if (s.kind === CACHED_API && s.status === 200) {
      fromCache++;
      continue;
    }
    if (!s.api && s.status === 200 && (s.cache === "HIT" || s.cache === "STALE")) {
      if (ERROR_PAGES.some((page) => s.body?.includes(page)))
        failures.push(`${s.kind}: the cache served an error page during the outage`);
      fromCache++;
      continue;
    }
    // A page Next rendered again (its entry outdated by an edit, or past its revalidate time)
    // from the reads the cache held (lib/cache/reads.server.ts), or whose request joined a rendering
    // begun before the outage: it must show what the same address showed before. The page
    // visited just before must come from the page cache once the breaker is open.
    if (
      !s.api &&
      s.status === 200 &&
      (s.kind !== CACHED_PAGE || s.sentAt < breakerOpen) &&
      showsWhatItShowedBefore(seen, s, down)
    ) {
      renderedAsBefore++;
      continue;
    }
    if (s.kind === CACHED_PAGE) {
      failures.push(
        `${s.kind} answered ${s.status} (cache: ${s.cache}) with the database down, ${Math.round(s.sentAt - down)} ms ` +
          `into the outage: want the page from the cache`,
      );
      continue;
    }
    if (s.status !== 503) {
      failures.push(
        `${s.kind} answered ${s.status} (cache: ${s.cache}) with the database down (want 503), sent ${Math.round(s.sentAt - down)} ms ` +
          `into the outage, ${Math.round(s.sentAt - breakerOpen)} ms after the first 503: ${titleOf(s.body)}`,
      );
      continue;
    }
    if (s.api) {
      if (!s.retryAfter) failures.push(`${s.kind}: a 503 without Retry-After`);
      const body = parse(s.body);
      if (body?.error !== SERVICE_UNAVAILABLE || typeof body.requestId !== "string")
        failures.push(`${s.kind}: a 503 whose body is not the error shape: ${s.body?.slice(0, 200)}`);
    } else if (!s.body?.includes(UNAVAILABLE_PAGE_TITLE)) {
      failures.push(`${s.kind}: a 503 page without the heading "${UNAVAILABLE_PAGE_TITLE}"`);
    }
  }
  for (const s of seen) {
    if (s.status === "timeout") failures.push(`${s.kind} hung (no answer in ${FAULT_TIMEOUT_MS} ms)`);
    if (s.api && s.status === 500) failures.push(`${s.kind} answered 500`);
  }
  if (recoveredIn === null)
    failures.push(`the app did not serve again within ${(RECOVERY_BUDGET_MS * 3) / 1000} s`);
  else if (recoveredIn > RECOVERY_BUDGET_MS)
    failures.push(
      `the app served again ${Math.round(recoveredIn)} ms after the database (budget ${RECOVERY_BUDGET_MS})`,
    );
  const after = seen.filter((s) => s.sentAt >= back + (recoveredIn ?? 0));
  for (const s of after.filter((s) => s.status !== 200 && s.status !== 201 && s.status !== 409))
    failures.push(`${s.kind} answered ${s.status} after the database came back`);

  const lines = [
    `database down for ${options.outageMs / 1000} s under ${options.students} students: ${during.length} requests ` +
      `answered while down, slowest ${Math.round(slowest)} ms, ${fromCache} answers (pages and searches) from the cache, ` +
      `${renderedAsBefore} pages rendered again showing what they showed before, ` +
      `${pagesBeforeBreaker} pages rendered the error page ` +
      `(500) before the breaker opened; served again ${recoveredIn === null ? "never" : `${Math.round(recoveredIn)} ms`} after it came back`,
    ...[...byKind].map(
      ([kind, statuses]) => `  ${kind}: ${[...statuses].map(([st, n]) => `${n}× ${st}`).join(", ")}`,
    ),
  ];
  return { lines, failures: unique(failures) };
}

export async function killMidSubmission(
  world: World,
  app: App,
  restart: () => Promise<App>,
  options: { firstStudent: number; students: number },
): Promise<{ report: FaultReport; app: App }> {
  const failures: string[] = [];
  const seen: Seen[] = [];
  const group = await students(world, options.firstStudent, options.students);
  // A page visited before the outage, so that the cache holds it (its render stores it).
  const cachedPage = `/university/${world.slugs[0]}`;
  const warm = await group[0].session.fresh().send("warm-up", "GET", cachedPage);
  if (warm.status !== 200) throw new Error(`${cachedPage} answered ${warm.status} before the outage`);
  let running = true;
  const workers = group.map(async (student, index) => {
    // Each student submits to every program once, as fast as answers come; a submit that got no
    // answer is sent again, as a browser's retry would (a 201 or, if the first was written, a 409).
    for (let round = 0; running && round < world.programs.length;) {
      const before = seen.length;
      await submitNext(world, seen, student, index + round);
      if (typeof seen[before]?.status === "number") round++;
      else await sleep(200);
    }
  });
  // Killed with submits in flight: once a quarter of the planned ones are answered.
  const planned = options.students * world.programs.length;
  while (seen.filter((s) => s.answeredAt > 0).length < planned / 4) await sleep(20);
  const inFlight = seen.filter((s) => s.answeredAt === 0).length;
  await app.kill("SIGKILL");
  const killedAt = performance.now();
  const restarted = await restart();
  const upIn = performance.now() - killedAt;
  await sleep(3_000);
  running = false;
  await Promise.all(workers);
  const unanswered = seen.filter((s) => typeof s.status !== "number").length;
  for (const s of seen)
    if (s.status === 500 || s.status === "timeout") failures.push(`${s.kind}: ${s.status}`);
  const ok = seen.filter((s) => s.status === 201).length;
  return {
    app: restarted,
    report: {
      lines: [
        `killed (SIGKILL) with ${options.students} students submitting, ${inFlight} submits in flight; ` +
          `up again in ${(upIn / 1000).toFixed(1)} s; ${seen.length} submits in the phase, ${ok} answered 201, ${unanswered} without an answer (cut off, or refused while it was down)`,
      ],
      failures: unique(failures),
    },
  };
}

/** A page's title and, on a search page, its "Items X–Y of Z": what a visitor sees first. */
function fingerprint(body: string | undefined): string {
  return `${titleOf(body)} ${/Items [\d,]+–[\d,]+ of [\d,]+/.exec(body ?? "")?.[0] ?? ""}`;
}

/**
 * Whether an answer during the outage shows what the last answer to the same address before the
 * outage showed (never an error page, nor the 503 page).
 */
function showsWhatItShowedBefore(seen: Seen[], answer: Seen, down: number): boolean {
  if (ERROR_PAGES.some((page) => answer.body?.includes(page))) return false;
  if (answer.body?.includes(UNAVAILABLE_PAGE_TITLE)) return false;
  const before = seen.filter((s) => s.path === answer.path && s.status === 200 && s.answeredAt < down).at(-1);
  return before !== undefined && fingerprint(before.body) === fingerprint(answer.body);
}

/** A page's title or the start of a body, to say what came instead. */
function titleOf(body: string | undefined): string {
  return /<title>([^<]*)<\/title>/.exec(body ?? "")?.[1] ?? (body ?? "").slice(0, 120);
}

function parse(text: string | undefined): { error?: unknown; requestId?: unknown } | null {
  try {
    return JSON.parse(text ?? "") as { error?: unknown; requestId?: unknown };
  } catch {
    return null;
  }
}

const unique = (list: string[]) => {
  const counts = new Map<string, number>();
  for (const item of list) counts.set(item, (counts.get(item) ?? 0) + 1);
  return [...counts].map(([item, n]) => (n > 1 ? `${item} (${n}×)` : item));
};
