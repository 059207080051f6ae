import { IMPORT_IN_PROGRESS, runImport } from "@/lib/import/run.server";

// One import is applied at a time: another is refused at once (409, IMPORT_IN_PROGRESS). Every
// test file uses the same database, so a test's apply may meet another file's, which holds the
// lock for as long as its transaction runs (a race test's, while it waits on a row on purpose).

/** Whether an apply's outcome (a route's answer, or runImport's error) is that refusal. */
async function refusedForAnother(outcome: unknown): Promise<boolean> {
  if (outcome instanceof Response)
    return (
      outcome.status === 409 &&
      ((await outcome.clone().json()) as { error?: unknown }).error === IMPORT_IN_PROGRESS
    );
  return outcome instanceof Error && outcome.message === IMPORT_IN_PROGRESS;
}

/** Runs `apply`, and again every 250 ms (for 60 s at most) while another import is being applied. */
export async function whenNoOtherImport<T>(apply: () => Promise<T>): Promise<T> {
  for (let tries = 0; ; tries++) {
    const outcome = await apply().then(
      (value) => ({ ok: true as const, value }),
      (error: unknown) => ({ ok: false as const, error }),
    );
    if (tries < 240 && (await refusedForAnother(outcome.ok ? outcome.value : outcome.error))) {
      await new Promise((done) => setTimeout(done, 250));
      continue;
    }
    if (!outcome.ok) throw outcome.error;
    return outcome.value;
  }
}

/** runImport, once no other import is being applied (whenNoOtherImport). */
export const runImportWhenFree = (...args: Parameters<typeof runImport>) =>
  whenNoOtherImport(() => runImport(...args));
