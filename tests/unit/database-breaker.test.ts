import {
  isDatabaseMarkedUnavailable,
  markDatabaseUnavailable,
  PROBE_INTERVAL_MS,
} from "@/lib/db/availability";

// The breaker proxy.ts reads (issue 12, Faults): opened by a failure, probed at most once per
// interval while open, closed by the first probe that connects.

const URL = "postgresql://postgres@127.0.0.1:5432/app";

test("closed, it answers at once without probing", async () => {
  const probe = jest.fn(async () => true);
  await isDatabaseMarkedUnavailable(URL, probe, 0); // closes whatever an earlier test left
  probe.mockClear();
  expect(await isDatabaseMarkedUnavailable(URL, probe, 1_000_000)).toBe(false);
  expect(probe).not.toHaveBeenCalled();
});

test("a failure opens it; it probes once per interval and closes when a probe connects", async () => {
  const t0 = 10_000_000;
  markDatabaseUnavailable(t0);
  const down = jest.fn(async () => false);
  expect(await isDatabaseMarkedUnavailable(URL, down, t0 + 10)).toBe(true);
  expect(down).not.toHaveBeenCalled();
  expect(await isDatabaseMarkedUnavailable(URL, down, t0 + PROBE_INTERVAL_MS)).toBe(true);
  expect(down).toHaveBeenCalledTimes(1);
  expect(await isDatabaseMarkedUnavailable(URL, down, t0 + PROBE_INTERVAL_MS + 10)).toBe(true);
  expect(down).toHaveBeenCalledTimes(1);

  const up = jest.fn(async () => true);
  expect(await isDatabaseMarkedUnavailable(URL, up, t0 + 2 * PROBE_INTERVAL_MS)).toBe(false);
  expect(up).toHaveBeenCalledWith(URL);
  expect(await isDatabaseMarkedUnavailable(URL, up, t0 + 2 * PROBE_INTERVAL_MS + 1)).toBe(false);
});

test("a second failure while open does not delay the next probe", async () => {
  const t0 = 20_000_000;
  markDatabaseUnavailable(t0);
  markDatabaseUnavailable(t0 + PROBE_INTERVAL_MS - 1);
  const up = jest.fn(async () => true);
  expect(await isDatabaseMarkedUnavailable(URL, up, t0 + PROBE_INTERVAL_MS)).toBe(false);
});
