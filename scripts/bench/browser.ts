// The parts of `npm run bench` that need a browser (Debian's Chromium): what a first visit
// downloads, what a filter change downloads, and Lighthouse's mobile scores.
import { chromium, type Browser, type Page } from "@playwright/test";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export interface FirstLoad {
  page: string;
  /** Bytes as sent (compressed when the server compresses), per kind of resource. */
  html: number;
  /** The HTML as the browser reads it (decompressed): what the RSC payload inlined in it weighs. */
  htmlDecoded: number;
  js: number;
  css: number;
  jsFiles: number;
  total: number;
}

export interface FilterChange {
  from: string;
  to: string;
  /** The request the client navigation made: its RSC headers, as observed. */
  requestHeaders: Record<string, string>;
  contentEncoding: string | null;
  bytes: number;
  /**
   * The router gave up the request (it answered from its prefetch instead): `bytes` is only what
   * arrived before, not the change's weight.
   */
  aborted: boolean;
}

/**
 * Body bytes as transferred (compressed when the server compressed them) of the requests of `kinds`
 * the page started before its `load` event: what its first load needs. What it fetches after that
 * on purpose (sonner's Toaster once the page is idle, components/layout/lazy-toaster.tsx; link
 * prefetches) is not part of it. Counting whatever had finished by the time the browser was
 * closed made that figure depend on timing: the same build measured with or without sonner's chunk.
 */
async function transferred(page: Page, run: () => Promise<unknown>, kinds: string[]) {
  const sizes: { kind: string; url: string; bytes: number; decoded: number; encoding: string | null }[] = [];
  const pending: Promise<void>[] = [];
  let loaded = false;
  page.once("load", () => {
    loaded = true;
  });
  page.on("request", (request) => {
    const kind = request.resourceType();
    if (loaded || !kinds.includes(kind)) return;
    pending.push(
      (async () => {
        const response = await request.response();
        // A request the page gave up on (failed or aborted) has no body to count.
        if (!response || (await response.finished())) return;
        const { responseBodySize } = await request.sizes();
        const encoding = (await response.headerValue("content-encoding")) ?? null;
        const decoded = kind === "document" ? (await response.body()).byteLength : 0;
        sizes.push({ kind, url: request.url(), bytes: responseBodySize, decoded, encoding });
      })(),
    );
  });
  await run();
  await Promise.all(pending);
  return sizes;
}

async function withBrowser<T>(task: (browser: Browser) => Promise<T>, args: string[] = []): Promise<T> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args });
  try {
    return await task(browser);
  } finally {
    await browser.close();
  }
}

/** HTML, JS and CSS bytes of a first visit to each path, in a fresh browser context each. */
export function measureFirstLoads(url: string, paths: string[]): Promise<FirstLoad[]> {
  return withBrowser(async (browser) => {
    const results: FirstLoad[] = [];
    for (const path of paths) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const sizes = await transferred(
        page,
        () => page.goto(`${url}${path}`, { waitUntil: "load", timeout: 120_000 }),
        ["document", "script", "stylesheet"],
      );
      await context.close();
      const sum = (kind: string) =>
        sizes.filter((s) => s.kind === kind).reduce((total, s) => total + s.bytes, 0);
      const [html, js, css] = [sum("document"), sum("script"), sum("stylesheet")];
      results.push({
        page: path,
        html,
        htmlDecoded: sizes.filter((s) => s.kind === "document").reduce((total, s) => total + s.decoded, 0),
        js,
        css,
        jsFiles: sizes.filter((s) => s.kind === "script").length,
        total: html + js + css,
      });
    }
    return results;
  });
}

/** Whether a request is for `target`: same path and query, whatever the browser's escaping and _rsc. */
function sameTarget(requested: string, target: string): boolean {
  const [a, b] = [new URL(requested), new URL(target)];
  a.searchParams.delete("_rsc");
  a.searchParams.sort();
  b.searchParams.sort();
  return a.pathname === b.pathname && a.searchParams.toString() === b.searchParams.toString();
}

/** How long a filter change's request may take before the bench gives up on it. */
const FILTER_CHANGE_TIMEOUT_MS = 30_000;

/**
 * A filter change as the search page makes it: a client navigation (the app router's push, which
 * the filter panel's links and nuqs use) from `from` to `to`; measures the RSC request it makes.
 * The bytes are those the browser received (DevTools protocol): the answer of a page rendered for
 * its request is streamed, and the router stops reading it once it has the page (the browser then
 * reports the request aborted), so it has no finished size.
 */
export function measureFilterChange(url: string, from: string, to: string): Promise<FilterChange> {
  return withBrowser(async (browser) => {
    const page = await browser.newPage();
    await page.goto(`${url}${from}`, { waitUntil: "load", timeout: 120_000 });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    let navigation: { id: string; headers: Record<string, string> } | null = null;
    let bytes = 0;
    let contentEncoding: string | null = null;
    let aborted = false;
    const done = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no answer to ${to} within 30 s`)),
        FILTER_CHANGE_TIMEOUT_MS,
      );
      const end = (requestId: string) => {
        if (requestId !== navigation?.id) return;
        clearTimeout(timer);
        resolve();
      };
      cdp.on("Network.requestWillBeSent", ({ requestId, request }) => {
        const headers = Object.fromEntries(
          Object.entries(request.headers).map(([k, v]) => [k.toLowerCase(), String(v)]),
        );
        if (
          !navigation &&
          headers.rsc === "1" &&
          !headers["next-router-prefetch"] &&
          sameTarget(request.url, `${url}${to}`)
        )
          navigation = { id: requestId, headers };
      });
      cdp.on("Network.responseReceived", ({ requestId, response }) => {
        if (requestId !== navigation?.id) return;
        const header = Object.entries(response.headers).find(
          ([name]) => name.toLowerCase() === "content-encoding",
        );
        contentEncoding = header ? String(header[1]) : null;
      });
      cdp.on("Network.dataReceived", ({ requestId, encodedDataLength }) => {
        if (requestId === navigation?.id) bytes += encodedDataLength;
      });
      // Chromium sometimes reports a response's bytes only when it finishes (its data events
      // then carry 0): the total it gives there counts the same bytes, headers included.
      cdp.on("Network.loadingFinished", ({ requestId, encodedDataLength }) => {
        if (requestId === navigation?.id && bytes === 0) bytes = encodedDataLength;
        end(requestId);
      });
      // The router may abort the request (its answer then comes from its prefetch): the run
      // ends with what arrived, and says so.
      cdp.on("Network.loadingFailed", ({ requestId }) => {
        if (requestId === navigation?.id) aborted = true;
        end(requestId);
      });
    });
    await page.evaluate(
      (target) =>
        (window as unknown as { next: { router: { push(href: string): void } } }).next.router.push(target),
      to,
    );
    await done;
    const headers = navigation!.headers;
    return {
      from,
      to,
      requestHeaders: Object.fromEntries(
        Object.entries(headers).filter(([name]) => name === "rsc" || name.startsWith("next-")),
      ),
      contentEncoding,
      bytes,
      aborted,
    };
  });
}

export interface LighthouseScores {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
}

/** Lighthouse's default (mobile) run of each path, on Chromium with a debugging port. */
export async function runLighthouse(
  url: string,
  paths: string[],
  debuggingPort: number,
): Promise<LighthouseScores[]> {
  const { default: lighthouse } = await import("lighthouse");
  return withBrowser(async () => {
    const results: LighthouseScores[] = [];
    for (const path of paths) {
      const result = await lighthouse(`${url}${path}`, {
        port: debuggingPort,
        output: "json",
        logLevel: "error",
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
      const { categories, audits } = result.lhr;
      const score = (name: string) => Math.round((categories[name]?.score ?? 0) * 100);
      results.push({
        page: path,
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
        lcpMs: Math.round(audits["largest-contentful-paint"]?.numericValue ?? 0),
        tbtMs: Math.round(audits["total-blocking-time"]?.numericValue ?? 0),
      });
    }
    return results;
  }, [`--remote-debugging-port=${debuggingPort}`]);
}
