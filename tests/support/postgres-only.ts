import { Client } from "pg";

// Races between transactions only show on PostgreSQL: the embedded database serves one
// transaction at a time, so a test that holds a lock in one session while another session runs
// would wait for itself there. Such tests run on the server in DATABASE_URL (CI runs the
// integration tests on both) and are skipped on the embedded database.

/** True when the integration tests run on a PostgreSQL server, not the embedded database. */
export const onPostgres = Boolean(process.env.INTEGRATION_SERVER_URL);

/** `describe` on PostgreSQL, `describe.skip` on the embedded database. */
export const describeOnPostgres = onPostgres ? describe : describe.skip;

/** A connection of the test's own to the test database, for holding locks between statements. */
export async function openSession(): Promise<Client> {
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  return client;
}

/**
 * Waits until `count` other sessions wait for a lock that `session` holds (a statement of the
 * code under test has reached the row or table the test holds), so the test lets go at the right
 * moment instead of sleeping.
 */
export async function waitForLockWaiters(session: Client, count = 1, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // Within a transaction pg_stat_activity answers from a snapshot taken at its first read.
    await session.query("SELECT pg_stat_clear_snapshot()");
    const { rows } = await session.query<{ waiting: number }>(
      // Directly, or behind another waiter (a second UPDATE of a row queues behind the first).
      `WITH RECURSIVE blocked(pid) AS (
         SELECT pid FROM pg_stat_activity WHERE pg_backend_pid() = ANY(pg_blocking_pids(pid))
         UNION
         SELECT a.pid FROM pg_stat_activity a JOIN blocked b ON b.pid = ANY(pg_blocking_pids(a.pid))
       )
       SELECT count(*)::int AS waiting FROM blocked`,
    );
    if (rows[0].waiting >= count) return;
    if (Date.now() > deadline) throw new Error(`${rows[0].waiting} of ${count} sessions wait for a lock`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** `test` on PostgreSQL, `test.skip` on the embedded database. */
export const testOnPostgres = onPostgres ? test : test.skip;
