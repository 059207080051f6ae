// The "render" part of `npm run bench`: how long one search page takes when the server does
// nothing else. A search nobody asked for yet is rendered for that request (its results read from
// the database); asked again, it is rendered into the cache (proxy.ts); asked a third time, it
// comes from the cache. Two references from the same run: /robots.txt, which does no work, and
// the sign-in page, the smallest page Next renders on every request (no data, no cache): what any
// rendering costs on this machine. Requests go one at a time, each read to its end, and each
// figure is a median.
import { DISTINCT_PER_RUN, distinctSearches, MAX_DISTINCT_RUNS } from "./load";
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
  samples: number;
}

/** Searches the load part never asks for (it takes 2,000 per run), so they are first requests. */
export function unseenSearches(count: number): string[] {
  const all = distinctSearches(7_200);
  const from = MAX_DISTINCT_RUNS * DISTINCT_PER_RUN;
  const step = Math.floor((all.length - from) / count);
  return Array.from({ length: count }, (_, i) => `/universities/search?${all[from + i * step]}`);
}

async function timed(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers: { "Accept-Encoding": "gzip, br" } });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - started;
}

function median(values: number[]): number {
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

export async function measureRender(url: string, samples = 60): Promise<RenderTiming> {
  const searches = unseenSearches(WARM_UP + samples);
  // The routes' first renderings load their code: not what is measured.
  for (const path of searches.splice(0, WARM_UP)) {
    for (let i = 0; i < 3; i++) await timed(`${url}${path}`);
  }
  for (let i = 0; i < 5; i++) await timed(`${url}/robots.txt`);
  const first: number[] = [];
  const second: number[] = [];
  const cached: number[] = [];
  const reference: number[] = [];
  const smallest: number[] = [];
  await timed(`${url}/auth`);
  for (const path of searches) {
    first.push(await timed(`${url}${path}`));
    second.push(await timed(`${url}${path}`));
    cached.push(await timed(`${url}${path}`));
    reference.push(await timed(`${url}/robots.txt`));
    smallest.push(await timed(`${url}/auth`));
  }
  return {
    firstSearchMs: median(first),
    secondSearchMs: median(second),
    cachedSearchMs: median(cached),
    referenceMs: median(reference),
    smallestRenderMs: median(smallest),
    samples,
  };
}
