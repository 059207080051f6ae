import {
  isDatabaseMarkedUnavailable,
  markDatabaseUnavailable,
  PROBE_INTERVAL_MS,
} from "@/lib/db/availability.server";

// The breaker proxy.ts reads (Faults): opened by a failure, probed at most once per
// interval while open, closed by the first probe that connects.

const URL = "postgresql://postgres@127.0.0.1:5432/app";

test("closed, it answers at once without probing", async () => {
  const probe = jest.fn(async () => true);
  await isDatabaseMarkedUnavailable(URL, probe, 0); // closes whatever an earlier test left
  probe.mockClear();
  expect(await isDatabaseMarkedUnavailable(URL, probe, 1_000_000)).toBe(false);
  expect(probe).not.toHaveBeenCalled();
});

test("a failure opens it; it probes at once, then once per interval, and closes when a probe connects", async () => {
  const t0 = 10_000_000;
  markDatabaseUnavailable(t0, t0);
  const down = jest.fn(async () => false);
  expect(await isDatabaseMarkedUnavailable(URL, down, t0 + 10)).toBe(true);
  expect(down).toHaveBeenCalledTimes(1);
  expect(await isDatabaseMarkedUnavailable(URL, down, t0 + 20)).toBe(true);
  expect(down).toHaveBeenCalledTimes(1);
  expect(await isDatabaseMarkedUnavailable(URL, down, t0 + 10 + PROBE_INTERVAL_MS)).toBe(true);
  expect(down).toHaveBeenCalledTimes(2);

  const up = jest.fn(async () => true);
  expect(await isDatabaseMarkedUnavailable(URL, up, t0 + 10 + 2 * PROBE_INTERVAL_MS)).toBe(false);
  expect(up).toHaveBeenCalledWith(URL);
  expect(await isDatabaseMarkedUnavailable(URL, up, t0 + 11 + 2 * PROBE_INTERVAL_MS)).toBe(false);
});

test("an error that only looked like the database's is undone by the first page request's probe", async () => {
  const t0 = 20_000_000;
  markDatabaseUnavailable(t0, t0);
  const up = jest.fn(async () => true);
  expect(await isDatabaseMarkedUnavailable(URL, up, t0 + 1)).toBe(false);
  expect(up).toHaveBeenCalledTimes(1);
});

test("a request that waited through the outage does not open it again once it has closed", async () => {
  const t0 = 30_000_000;
  markDatabaseUnavailable(t0, t0);
  const up = jest.fn(async () => true);
  const closed = t0 + PROBE_INTERVAL_MS;
  expect(await isDatabaseMarkedUnavailable(URL, up, closed)).toBe(false);
  // Started before the closing, failed after it: old news.
  markDatabaseUnavailable(closed - 500, closed + 100);
  expect(await isDatabaseMarkedUnavailable(URL, up, closed + 200)).toBe(false);
  // Started after it: the database is down again.
  markDatabaseUnavailable(closed + 300, closed + 400);
  expect(
    await isDatabaseMarkedUnavailable(
      URL,
      jest.fn(async () => false),
      closed + 500,
    ),
  ).toBe(true);
});
