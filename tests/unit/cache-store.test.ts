import { memoryStore } from "@/lib/cache/store";
import { deserialize, serialize } from "@/lib/cache/serialize";
import useCacheHandler from "@/lib/cache/use-cache-handler";
import IncrementalCacheHandler from "@/lib/cache/incremental-handler";
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// The cache store and Next's two handlers over it (lib/cache): what a page or a cached read
// finds after it was stored, after one of its tags was expired, and during the build.

const STORE = Symbol.for("unisearch.cache-store");
const holder = globalThis as unknown as { [STORE]?: ReturnType<typeof memoryStore> };

beforeEach(() => {
  holder[STORE] = memoryStore();
  delete process.env.NEXT_PHASE;
});

afterAll(() => {
  delete holder[STORE];
});

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

function streamOf(text: string) {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text));
      controller.close();
    },
  });
}

async function textOf(stream: ReadableStream<Uint8Array>) {
  return new Response(stream).text();
}

const entry = (text: string, tags: string[], timestamp = Date.now()) => ({
  value: streamOf(text),
  tags,
  stale: 30,
  timestamp,
  expire: 3600,
  revalidate: 60,
});

describe("'use cache' handler", () => {
  test("answers what was stored, as a fresh stream each time", async () => {
    await useCacheHandler.set("key", Promise.resolve(entry("data", ["university-1"])));
    const first = await useCacheHandler.get("key", []);
    const second = await useCacheHandler.get("key", []);
    expect(await textOf(first!.value)).toBe("data");
    expect(await textOf(second!.value)).toBe("data");
    expect(first).toMatchObject({ tags: ["university-1"], revalidate: 60, expire: 3600 });
  });

  test("an entry is a miss once one of its tags, or of the page's implicit tags, was expired", async () => {
    await useCacheHandler.set("own", Promise.resolve(entry("a", ["university-1"], Date.now() - 10)));
    await useCacheHandler.set("soft", Promise.resolve(entry("b", [], Date.now() - 10)));
    await useCacheHandler.updateTags(["university-2"]);
    expect(await useCacheHandler.get("own", [])).toBeDefined();
    await useCacheHandler.updateTags(["university-1", "_N_T_/university/x"]);
    expect(await useCacheHandler.get("own", [])).toBeUndefined();
    expect(await useCacheHandler.get("soft", ["_N_T_/university/x"])).toBeUndefined();
  });

  test("a get waits for an entry still being written", async () => {
    let finish!: (value: ReturnType<typeof entry>) => void;
    const pending = new Promise<ReturnType<typeof entry>>((resolve) => (finish = resolve));
    const written = useCacheHandler.set("slow", pending);
    const read = useCacheHandler.get("slow", []);
    finish(entry("late", []));
    await written;
    expect(await textOf((await read)!.value)).toBe("late");
  });

  test("nothing is stored or served while `next build` runs", async () => {
    process.env.NEXT_PHASE = "phase-production-build";
    await useCacheHandler.set("built", Promise.resolve(entry("placeholder", [])));
    expect(await useCacheHandler.get("built", [])).toBeUndefined();
    delete process.env.NEXT_PHASE;
    expect(await useCacheHandler.get("built", [])).toBeUndefined();
  });
});

function distDir(buildId: string) {
  const root = mkdtempSync(join(tmpdir(), "unisearch-build-"));
  mkdirSync(join(root, "server"));
  writeFileSync(join(root, "BUILD_ID"), buildId);
  return join(root, "server");
}

const page = (tags: string) => ({
  kind: "APP_PAGE",
  html: "<html>page</html>",
  rscData: Buffer.from("rsc"),
  headers: { "x-next-cache-tags": tags },
  status: 200,
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

  test("pages of another build are not served", async () => {
    const before = new IncrementalCacheHandler({ serverDistDir: distDir("build-a") });
    const after = new IncrementalCacheHandler({ serverDistDir: distDir("build-b") });
    await before.set("/", page("settings"), { cacheControl: { revalidate: 60, expire: 86400 } });
    expect(await before.get("/", {})).not.toBeNull();
    expect(await after.get("/", {})).toBeNull();
  });

  test("what the build prerendered is neither stored nor served", async () => {
    const handler = new IncrementalCacheHandler({ serverDistDir: distDir("build-a") });
    process.env.NEXT_PHASE = "phase-production-build";
    await handler.set("/", page("settings"), { cacheControl: { revalidate: 60, expire: 86400 } });
    delete process.env.NEXT_PHASE;
    expect(await handler.get("/", {})).toBeNull();
  });
});
