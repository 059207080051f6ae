// The "render" part of `npm run bench`: how long one search page takes when the server does
// nothing else. A search nobody asked for yet is rendered for that request (its results read from
// the database); asked again, it is rendered into the cache (proxy.ts); asked a third time, it
// comes from the cache. Two references from the same run: /robots.txt, which does no work, and
// the sign-in page, which Next renders on every request (no data, no cache): what a rendering
// costs on this machine. Requests go one at a time, each read to its end, and each figure is a
// median; beside it, the server's CPU time per request (./cpu.ts), which the machine's other load
// moves much less.
import { DISTINCT_PER_RUN, distinctSearches, MAX_DISTINCT_RUNS } from "./load";
import { processCpuNs } from "./cpu";
import { percentile } from "./summary";

export interface RenderTiming {
  /** Median milliseconds of a first request for a search (rendered for it). */
  firstSearchMs: number;
  /** Median milliseconds of the same searches' second requests (rendered into the cache). */
  secondSearchMs: number;
  /** Median milliseconds of their third requests (from the cache). */
  cachedSearchMs: number;
  /** Median milliseconds of /robots.txt. */
  referenceMs: number;
  /** Median milliseconds of the sign-in page, rendered on each request without data. */
  smallestRenderMs: number;
  /**
   * The server's CPU milliseconds per request of each (a mean; all its threads), which the
   * machine's other load moves much less than the wall times above; null without /proc.
   */
  cpu: {
    firstSearchMs: number;
    secondSearchMs: number;
    cachedSearchMs: number;
    referenceMs: number;
    smallestRenderMs: number;
  } | null;
  samples: number;
}

/** Searches the load part never asks for (it takes 2,000 per run), so they are first requests. */
export function unseenSearches(count: number): string[] {
  const all = distinctSearches(7_200);
  const from = MAX_DISTINCT_RUNS * DISTINCT_PER_RUN;
  const step = Math.floor((all.length - from) / count);
  return Array.from({ length: count }, (_, i) => `/universities/search?${all[from + i * step]}`);
}

/** How long after an answer the server's CPU time is read. */
const SETTLE_MS = 20;

export interface Timing {
  ms: number;
  /** The server's CPU nanoseconds during the request, or null. */
  cpuNs: number | null;
}

export async function timed(
  url: string,
  pid: number | null = null,
  headers: Record<string, string> = {},
): Promise<Timing> {
  const cpuBefore = pid === null ? null : processCpuNs(pid);
  const started = performance.now();
  const response = await fetch(url, { headers: { "Accept-Encoding": "gzip, br", ...headers } });
  await response.arrayBuffer();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  // Work a request leaves for after its answer (a cache write, garbage collection) is its own.
  if (pid !== null) await new Promise((done) => setTimeout(done, SETTLE_MS));
  const cpuAfter = pid === null ? null : processCpuNs(pid);
  return { ms, cpuNs: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore };
}

/** Mean CPU milliseconds per request, to 0.1 ms; null if any reading is missing. */
export function meanCpuMs(timings: Timing[]): number | null {
  if (timings.length === 0 || timings.some((timing) => timing.cpuNs === null)) return null;
  const total = timings.reduce((sum, timing) => sum + timing.cpuNs!, 0);
  return Math.round(total / timings.length / 1e5) / 10;
}

export function median(values: number[]): number {
  return (
    Math.round(
      percentile(
        [...values].sort((a, b) => a - b),
        50,
      ) * 10,
    ) / 10
  );
}

/** Searches asked for three times each before the measured ones. */
const WARM_UP = 5;

export async function measureRender(url: string, pid: number | null, samples = 60): Promise<RenderTiming> {
  const searches = unseenSearches(WARM_UP + samples);
  // The routes' first renderings load their code: not what is measured.
  for (const path of searches.splice(0, WARM_UP)) {
    for (let i = 0; i < 3; i++) await timed(`${url}${path}`);
  }
  for (let i = 0; i < 5; i++) await timed(`${url}/robots.txt`);
  const first: Timing[] = [];
  const second: Timing[] = [];
  const cached: Timing[] = [];
  const reference: Timing[] = [];
  const smallest: Timing[] = [];
  await timed(`${url}/auth`);
  for (const path of searches) {
    first.push(await timed(`${url}${path}`, pid));
    second.push(await timed(`${url}${path}`, pid));
    cached.push(await timed(`${url}${path}`, pid));
    reference.push(await timed(`${url}/robots.txt`, pid));
    smallest.push(await timed(`${url}/auth`, pid));
  }
  const wall = (timings: Timing[]) => median(timings.map((timing) => timing.ms));
  const cpu = {
    firstSearchMs: meanCpuMs(first),
    secondSearchMs: meanCpuMs(second),
    cachedSearchMs: meanCpuMs(cached),
    referenceMs: meanCpuMs(reference),
    smallestRenderMs: meanCpuMs(smallest),
  };
  return {
    firstSearchMs: wall(first),
    secondSearchMs: wall(second),
    cachedSearchMs: wall(cached),
    referenceMs: wall(reference),
    smallestRenderMs: wall(smallest),
    cpu: Object.values(cpu).some((value) => value === null)
      ? null
      : (cpu as NonNullable<RenderTiming["cpu"]>),
    samples,
  };
}
