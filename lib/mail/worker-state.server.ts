import "server-only";

// Whether this process's mail worker (worker.server.ts) is running, for the readiness check
// (lib/health/readiness.server.ts). Kept on globalThis: Next loads the instrumentation hook that
// starts the worker and the route handler that asks in separate module graphs, so a module-level
// variable would be two variables.

export interface MailWorkerState {
  /** Started and not stopped since. */
  running: boolean;
  /** Its last round could not reach the queue (the database away): mail is not going out. */
  lastRoundFailed: boolean;
}

const STATE = Symbol.for("unisearch.mail-worker-state");
const holder = globalThis as unknown as { [STATE]?: MailWorkerState };

export function mailWorkerState(): MailWorkerState {
  return holder[STATE] ?? { running: false, lastRoundFailed: false };
}

export function setMailWorkerState(change: Partial<MailWorkerState>): void {
  holder[STATE] = { ...mailWorkerState(), ...change };
}
