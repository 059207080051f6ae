// The "render" part of `npm run bench`: how long one search page takes when the server does
// nothing else. A search nobody asked for yet is rendered (and its results read from the
// database); asked again, it comes from the cache. Two references from the same run: /robots.txt,
// which does no work, and the sign-in page, the smallest page Next renders on every request (no
// data, no cache): what any rendering costs on this machine. Requests go one at a time, each read
// to its end, and each figure is a median.
import { distinctSearches } from "./load";
import { percentile } from "./summary";

export interface RenderTiming {
  /** Median milliseconds of a first request for a search (rendered). */
  firstSearchMs: number;
  /** Median milliseconds of the same searches asked again (from the cache). */
  cachedSearchMs: number;
  /** Median milliseconds of /robots.txt. */
  referenceMs: number;
  /** Median milliseconds of the sign-in page, rendered on each request without data. */
  smallestRenderMs: number;
  samples: number;
}

/** Searches the load part never asks for (it takes the first 2,000), so they are first requests. */
export function unseenSearches(count: number): string[] {
  const all = distinctSearches(7_200);
  const step = Math.floor((all.length - 2_000) / count);
  return Array.from({ length: count }, (_, i) => `/universities/search?${all[2_000 + i * step]}`);
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

export async function measureRender(url: string, samples = 30): Promise<RenderTiming> {
  const [warmUp, ...searches] = unseenSearches(samples + 1);
  // The route's first rendering loads its code: not what is measured.
  await timed(`${url}${warmUp}`);
  for (let i = 0; i < 5; i++) await timed(`${url}/robots.txt`);
  const first: number[] = [];
  const cached: number[] = [];
  const reference: number[] = [];
  const smallest: number[] = [];
  await timed(`${url}/auth`);
  for (const path of searches) {
    first.push(await timed(`${url}${path}`));
    cached.push(await timed(`${url}${path}`));
    reference.push(await timed(`${url}/robots.txt`));
    smallest.push(await timed(`${url}/auth`));
  }
  return {
    firstSearchMs: median(first),
    cachedSearchMs: median(cached),
    referenceMs: median(reference),
    smallestRenderMs: median(smallest),
    samples,
  };
}
