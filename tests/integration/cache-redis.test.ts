import { createClient } from "redis";
import { redisStore } from "@/lib/cache/store";
import { uniqueTag } from "../support/factories";

// The shared cache store on Redis (REDIS_URL; docs/caching.md): two app servers,
// here two stores on one Redis, see each other's entries and tag expiries, so an edit served by
// one expires the pages of the other. Needs a Redis (TEST_REDIS_URL, else the local one); the
// machines CI runs on have one.

const url = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const tag = uniqueTag();
const admin = createClient({ url });

beforeAll(async () => {
  await admin.connect();
});

afterAll(async () => {
  const keys = await admin.keys(`unisearch:cache:*${tag}*`);
  if (keys.length) await admin.del(keys);
  const tags = (await admin.hKeys("unisearch:cache:tags")).filter((name) => name.includes(tag));
  if (tags.length) await admin.hDel("unisearch:cache:tags", tags);
  await admin.quit();
});

const stores: ReturnType<typeof redisStore>[] = [];
afterAll(async () => {
  for (const store of stores) await store.close?.();
});
/** Two app servers' stores, each with its own connection, once both are connected. */
async function twoServers() {
  const pair = [redisStore(url), redisStore(url)];
  stores.push(...pair);
  await new Promise((resolve) => setTimeout(resolve, 300));
  return pair;
}

test("an entry stored by one server is served by another, Buffers and Maps intact", async () => {
  const [one, two] = await twoServers();
  await one.set(
    `page-${tag}`,
    { html: "<p>hi</p>", rsc: Buffer.from("rsc"), segments: new Map([["a", 1]]) },
    60,
  );
  const seen = await two.get(`page-${tag}`);
  expect(seen.html).toBe("<p>hi</p>");
  expect(seen.rsc.toString()).toBe("rsc");
  expect(seen.segments.get("a")).toBe(1);
  expect(await admin.ttl(`unisearch:cache:page-${tag}`)).toBeGreaterThan(50);
});

test("a tag expired through one server is expired for the other", async () => {
  const [one, two] = await twoServers();
  expect(await two.tagsExpiredAt([`university-${tag}`])).toBe(0);
  await one.expireTags([`university-${tag}`, `settings-${tag}`], 1234);
  expect(await two.tagsExpiredAt([`university-${tag}`])).toBe(1234);
  expect(await two.tagsExpiredAt([`other-${tag}`, `settings-${tag}`])).toBe(1234);
});

test("without Redis, pages are rendered from the database: misses, and every tag counts as expired", async () => {
  const gone = redisStore("redis://127.0.0.1:1");
  const started = Date.now();
  await gone.set(`page-${tag}`, { html: "x" }, 60);
  expect(await gone.get(`page-${tag}`)).toBeUndefined();
  expect(await gone.tagsExpiredAt(["settings"])).toBe(Number.POSITIVE_INFINITY);
  // An edit is saved by the time it expires its tags: it is not failed for want of Redis.
  await expect(gone.expireTags(["settings"], Date.now())).resolves.toBeUndefined();
  expect(Date.now() - started).toBeLessThan(5_000);
  await gone.close?.();
});
