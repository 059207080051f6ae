import { Client } from "pg";

// Two transactions interleaved at a chosen point: a second session (a plain pg connection) runs
// some statements in an open transaction, then the action under test runs while that
// transaction holds its locks, then the session commits. An action that waits for the session's
// locks sees the committed change; one that does not wait acts on what it read before.

const POLL_MS = 20;
const WAIT_LIMIT_MS = 10_000;

/**
 * Runs `statements` in an open transaction of a second session, starts `action`, commits once the
 * action has either finished or is waiting on a lock, and returns the action's outcome.
 */
export async function whileUncommitted<T>(
  statements: { sql: string; values?: unknown[] }[],
  action: () => Promise<T>,
): Promise<PromiseSettledResult<T>> {
  const session = new Client({ connectionString: process.env.DATABASE_URL });
  await session.connect();
  try {
    await session.query("BEGIN");
    for (const { sql, values } of statements) await session.query(sql, values);
    const outcome = action().then(
      (value): PromiseSettledResult<T> => ({ status: "fulfilled", value }),
      (reason: unknown): PromiseSettledResult<T> => ({ status: "rejected", reason }),
    );
    let settled = false;
    void outcome.then(() => (settled = true));
    const deadline = Date.now() + WAIT_LIMIT_MS;
    while (!settled && !(await someoneWaitsForALock(session)) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    await session.query("COMMIT");
    return await outcome;
  } finally {
    await session.end();
  }
}

async function someoneWaitsForALock(session: Client): Promise<boolean> {
  const { rows } = await session.query<{ waiting: number }>(
    `SELECT count(*)::int AS "waiting" FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'`,
  );
  return rows[0].waiting > 0;
}

/** The HTTP status an action's outcome stands for: 200 when it succeeded, else its error's. */
export function statusOf(outcome: PromiseSettledResult<unknown>): number {
  if (outcome.status === "fulfilled") return 200;
  const status = (outcome.reason as { status?: unknown }).status;
  if (typeof status === "number") return status;
  throw outcome.reason;
}
