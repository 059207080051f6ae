import { openSession, waitForLockWaiters } from "./postgres-only";

// Two transactions interleaved at a chosen point: a second session (a plain pg connection) runs
// some statements in an open transaction, then the action under test runs while that
// transaction holds its locks, then the session commits. An action that waits for the session's
// locks sees the committed change; one that does not wait acts on what it read before.

type Statement = { sql: string; values?: unknown[] };

/** An action's outcome as Promise.allSettled gives it, caught at once (no unhandled rejection). */
const settle = <T>(action: () => Promise<T>): Promise<PromiseSettledResult<T>> =>
  action().then(
    (value): PromiseSettledResult<T> => ({ status: "fulfilled", value }),
    (reason: unknown): PromiseSettledResult<T> => ({ status: "rejected", reason }),
  );

/**
 * Runs `statements` in an open transaction of a second session, starts `action`, commits once the
 * action has either finished or is waiting on a lock, and returns the action's outcome.
 */
export async function whileUncommitted<T>(
  statements: Statement[],
  action: () => Promise<T>,
): Promise<PromiseSettledResult<T>> {
  const session = await openSession();
  try {
    await session.query("BEGIN");
    for (const { sql, values } of statements) await session.query(sql, values);
    const outcome = settle(action);
    // Whichever comes first: the action waits for this session's locks, or it is done already.
    await Promise.race([outcome, waitForLockWaiters(session).catch(() => undefined)]);
    await session.query("COMMIT");
    return await outcome;
  } finally {
    await session.end();
  }
}

/** A statement locking one row of `table` (by its id, or another unique column) FOR UPDATE. */
export const rowLock = (table: string, value: unknown, column = "id"): Statement => ({
  sql: `SELECT 1 FROM "${table}" WHERE "${column}" = $1 FOR UPDATE`,
  values: [value],
});

/**
 * Writers at the same moment: a second session takes `lock` (a row's `SELECT ... FOR UPDATE`, say)
 * in an open transaction, `actions` start and each comes to wait on it, directly or behind another,
 * then the session commits and lets them all go. Returns their outcomes in the actions' order.
 * Together (the default) they start at once and race from the same point; `inOrder`, each starts
 * once the one before it waits, so they take the lock in that order (PostgreSQL grants a row's lock
 * to its waiters first come, first served) and the test chooses who goes first.
 */
export async function whileLocked(
  lock: Statement,
  actions: (() => Promise<unknown>)[],
  { inOrder = false }: { inOrder?: boolean } = {},
): Promise<PromiseSettledResult<unknown>[]> {
  const session = await openSession();
  try {
    await session.query("BEGIN");
    await session.query(lock.sql, lock.values);
    const outcomes: Promise<PromiseSettledResult<unknown>>[] = [];
    for (const action of actions) {
      outcomes.push(settle(action));
      if (inOrder) await waitForLockWaiters(session, outcomes.length);
    }
    await waitForLockWaiters(session, actions.length);
    await session.query("COMMIT");
    return await Promise.all(outcomes);
  } finally {
    await session.end();
  }
}

/** The HTTP status an action's outcome stands for: 200 when it succeeded, else its error's. */
export function statusOf(outcome: PromiseSettledResult<unknown>): number {
  if (outcome.status === "fulfilled") return 200;
  const status = (outcome.reason as { status?: unknown }).status;
  if (typeof status === "number") return status;
  throw outcome.reason;
}

/**
 * Runs `actions` while a second session holds the application's row, starting each once the ones
 * before it wait for that row, then commits: they take the row one after another in the order
 * given (PostgreSQL queues the waiters), each reading what the one before left. The outcomes, in
 * the order given.
 */
export async function inTurnOnApplication(
  applicationId: number,
  actions: (() => Promise<unknown>)[],
): Promise<PromiseSettledResult<unknown>[]> {
  const session = await openSession();
  try {
    await session.query("BEGIN");
    await session.query(`SELECT 1 FROM "applications" WHERE "id" = $1 FOR UPDATE`, [applicationId]);
    const started: Promise<unknown>[] = [];
    for (const [index, action] of actions.entries()) {
      started.push(action());
      await waitForLockWaiters(session, index + 1);
    }
    await session.query("COMMIT");
    return await Promise.allSettled(started);
  } finally {
    await session.end();
  }
}
