import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { memoryStore } from "@/lib/cache/store";
import { deserialize, serialize } from "@/lib/cache/serialize";
import IncrementalCacheHandler from "@/lib/cache/incremental-handler";
import { hasRenderedPage, recordRequest } from "@/lib/cache/rendered-pages";
import {
  dropStore,
  pageEntry as page,
  pageKey,
  serverDistDir as distDir,
  useFreshMemoryStore,
} from "../support/cache";

// The cache store and Next's cache handler over it (lib/cache): what a page or a cached read
// finds after it was stored, after one of its tags was expired, and during the build.

beforeEach(() => {
  useFreshMemoryStore();
  delete process.env.NEXT_PHASE;
});

afterAll(dropStore);

describe("serialize", () => {
  test("keeps Buffers, Maps and nested values through a round trip", () => {
    const value = {
      kind: "APP_PAGE",
      html: "<p>é</p>",
      rscData: Buffer.from([0, 1, 2, 255]),
      segmentData: new Map([["/_tree", Buffer.from("tree")]]),
      headers: { "x-next-cache-tags": "a,b" },
      status: 200,
    };
    const copy = deserialize(serialize(value));
    expect(copy.rscData).toEqual(value.rscData);
    expect(Buffer.isBuffer(copy.rscData)).toBe(true);
    expect(copy.segmentData).toBeInstanceOf(Map);
    expect(copy.segmentData.get("/_tree").toString()).toBe("tree");
    expect(copy).toMatchObject({ html: "<p>é</p>", headers: value.headers, status: 200 });
  });
});

describe("memory store", () => {
  test("an entry lives until its time to live", async () => {
    const store = memoryStore();
    const now = jest.spyOn(Date, "now").mockReturnValue(1_000_000);
    await store.set("k", { v: 1 }, 10);
    expect(await store.get("k")).toEqual({ v: 1 });
    now.mockReturnValue(1_000_000 + 10_001);
    expect(await store.get("k")).toBeUndefined();
    now.mockRestore();
  });

  test("the least recently used entries go first when the size limit is passed", async () => {
    const store = memoryStore();
    const big = "x".repeat(60 * 1024 * 1024); // 120 MB as counted (two bytes a character)
    await store.set("a", { big }, 60);
    await store.set("b", { big }, 60);
    await store.get("a"); // a is now the most recently used
    await store.set("c", { big }, 60);
    expect(await store.get("b")).toBeUndefined();
    expect(await store.get("a")).toBeDefined();
    expect(await store.get("c")).toBeDefined();
  });

  test("a tag's expiry time is the latest one given, and 0 for a tag never expired", async () => {
    const store = memoryStore();
    await store.expireTags(["t1", "t2"], 100);
    await store.expireTags(["t1"], 50);
    expect(await store.tagsExpiredAt(["t1"])).toBe(100);
    expect(await store.tagsExpiredAt(["t2", "t3"])).toBe(100);
    expect(await store.tagsExpiredAt(["t3"])).toBe(0);
  });
});

describe("pages handler", () => {
  test("serves a stored page until one of its tags is expired", async () => {
    const handler = new IncrementalCacheHandler({ serverDistDir: distDir("build-a") });
    await handler.set("/university/x", page("university-1,university-lists"), {
      cacheControl: { revalidate: 60, expire: 86400 },
    });
    const hit = await handler.get("/university/x", { softTags: [] });
    expect(hit?.value.html).toBe("<html>page</html>");
    expect(Buffer.from(hit!.value.rscData).toString()).toBe("rsc");
    await handler.revalidateTag(["university-2"]);
    expect(await handler.get("/university/x", { softTags: [] })).not.toBeNull();
    await handler.revalidateTag("university-1");
    expect(await handler.get("/university/x", { softTags: [] })).toBeNull();
  });

  test("a page whose tag was expired while it was being rendered is not served as fresh", async () => {
    const handler = new IncrementalCacheHandler({ serverDistDir: distDir("build-a") });
    await handler.revalidateTag(["settings"]);
    // Rendered and stored a moment after the edit: it may hold what was read before it.
    await handler.set("/", page("settings"), { cacheControl: { revalidate: 60, expire: 86400 } });
    expect(await handler.get("/", { softTags: [] })).toBeNull();
  });

  test("a cached read is a miss once one of the tags it was stored or asked with was expired", async () => {
    const handler = new IncrementalCacheHandler({ serverDistDir: distDir("build-a") });
    const read = { kind: "FETCH", data: { body: "[]", headers: {}, status: 200, url: "" }, revalidate: 60 };
    await handler.set("countries", read, { tags: ["university-lists"] });
    expect(await handler.get("countries", { tags: ["university-lists"], softTags: [] })).not.toBeNull();
    await handler.revalidateTag(["university-lists"]);
    expect(await handler.get("countries", { tags: [], softTags: [] })).toBeNull();
    await handler.set("platform", read, {});
    await handler.revalidateTag(["settings"]);
    expect(await handler.get("platform", { tags: ["settings"], softTags: [] })).toBeNull();
  });

  test("pages of another build are not served", async () => {
    const before = new IncrementalCacheHandler({ serverDistDir: distDir("build-a") });
    const after = new IncrementalCacheHandler({ serverDistDir: distDir("build-b") });
    await before.set("/", page("settings"), { cacheControl: { revalidate: 60, expire: 86400 } });
    expect(await before.get("/", {})).not.toBeNull();
    expect(await after.get("/", {})).toBeNull();
  });

  test("the handlers Next makes for each request read their build's id once", async () => {
    const dir = distDir("build-a");
    const first = new IncrementalCacheHandler({ serverDistDir: dir });
    await first.set("/", page("settings"), { cacheControl: { revalidate: 60, expire: 86400 } });
    // A later handler of the same running build keeps its key space without reading the file
    // again (a new build is a new server directory).
    writeFileSync(join(dir, "..", "BUILD_ID"), "build-z");
    expect(await new IncrementalCacheHandler({ serverDistDir: dir }).get("/", {})).not.toBeNull();
  });

  test("what the build prerendered is neither stored nor served", async () => {
    const handler = new IncrementalCacheHandler({ serverDistDir: distDir("build-a") });
    process.env.NEXT_PHASE = "phase-production-build";
    await handler.set("/", page("settings"), { cacheControl: { revalidate: 60, expire: 86400 } });
    delete process.env.NEXT_PHASE;
    expect(await handler.get("/", {})).toBeNull();
  });

  describe("while the database is down", () => {
    const BREAKER = Symbol.for("unisearch.database-breaker");
    const breaker = globalThis as unknown as { [BREAKER]?: { openSince: number | null } };
    afterEach(() => {
      delete breaker[BREAKER];
    });

    test("the addresses of stored pages are known, for as long as the pages are kept", async () => {
      const handler = new IncrementalCacheHandler({ serverDistDir: distDir("build-a") });
      const control = { cacheControl: { revalidate: 60, expire: 86400 } };
      await handler.set(pageKey("/index"), page("settings"), control);
      await handler.set(pageKey("/university/x"), page("university:x"), control);
      expect(await hasRenderedPage("/")).toBe(true);
      expect(await hasRenderedPage("/university/x")).toBe(true);
      expect(await hasRenderedPage("/university/y")).toBe(false);
      // A cached read is not a page.
      await handler.set("/university/z", page("university:z"), control);
      expect(await hasRenderedPage("/university/z")).toBe(false);
      await handler.set(pageKey("/university/x"), null, control);
      expect(await hasRenderedPage("/university/x")).toBe(false);
      // Another build's pages are not this one's.
      new IncrementalCacheHandler({ serverDistDir: distDir("build-b") });
      expect(await hasRenderedPage("/")).toBe(false);
    });

    test("a page an edit outdated is served rather than rendered into an error", async () => {
      const handler = new IncrementalCacheHandler({ serverDistDir: distDir("build-a") });
      await handler.set(pageKey("/university/x"), page("university:x"), {
        cacheControl: { revalidate: 60, expire: 86400 },
      });
      await handler.revalidateTag("university:x");
      expect(await handler.get(pageKey("/university/x"), { softTags: [] })).toBeNull();
      breaker[BREAKER] = { openSince: Date.now() };
      expect((await handler.get(pageKey("/university/x"), { softTags: [] }))?.value.html).toBe(
        "<html>page</html>",
      );
      breaker[BREAKER] = { openSince: null };
      expect(await handler.get(pageKey("/university/x"), { softTags: [] })).toBeNull();
    });
  });
});

describe("requests for a search", () => {
  const PREFIX = Symbol.for("unisearch.page-cache-prefix");
  const prefixHolder = globalThis as unknown as { [PREFIX]?: string };
  afterEach(() => {
    jest.useRealTimers();
  });

  test("the second request within the hour is known as a repeated one", async () => {
    new IncrementalCacheHandler({ serverDistDir: distDir("build-a") });
    jest.useFakeTimers({ now: new Date("2026-11-25T10:00:00Z") });
    const search = "/universities/search/q/Y291bnRyeT1ERQ";
    expect(await recordRequest(search)).toBe(false);
    expect(await recordRequest(search)).toBe(true);
    expect(await recordRequest("/programs/q/-")).toBe(false);
    jest.setSystemTime(new Date("2026-11-25T11:00:01Z"));
    expect(await recordRequest(search)).toBe(false);
    // Another build's requests are not this one's.
    new IncrementalCacheHandler({ serverDistDir: distDir("build-b") });
    expect(await recordRequest("/programs/q/-")).toBe(false);
  });

  test("100,000 distinct searches keep the memory store within its limit, keys included", async () => {
    // The garbage collector, so that the heap is measured with only what is still referenced.
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    const limit = 16 * 1024 * 1024;
    const store = useFreshMemoryStore(limit);
    new IncrementalCacheHandler({ serverDistDir: distDir("build-a") });
    // Long searches, as proxy.ts rewrites a query into the path: about a kilobyte each.
    const filler = "Y291bnRyeT1ERSZsZXZlbD1NYXN0ZXIncyZmaWVsZD1CdXNpbmVzcyZzb3J0PXR1aXRpb24".repeat(14);
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 100_000; i++) {
      // A flat string of its own, as a request's path is (a template literal would share `filler`).
      const path = Buffer.from(`/universities/search/q/${filler}${i}`).toString("latin1");
      expect(await recordRequest(path)).toBe(false);
    }
    gc();
    const grown = process.memoryUsage().heapUsed - before;
    // The heap holds no more than the limit, as the store counts it; the oldest searches were
    // evicted and the latest kept.
    expect(grown).toBeLessThan(limit);
    expect(store.bytes()).toBeLessThanOrEqual(limit);
    expect(store.count()).toBeLessThan(100_000);
    expect(await recordRequest(`/universities/search/q/${filler}99999`)).toBe(true);
  });

  test("before Next made its cache handler, every request is a first one", async () => {
    delete prefixHolder[PREFIX];
    expect(await recordRequest("/programs/q/-")).toBe(false);
    expect(await recordRequest("/programs/q/-")).toBe(false);
  });
});
