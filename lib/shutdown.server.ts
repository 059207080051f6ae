import "server-only";
import { logger } from "@/lib/log.server";

// What a server does on SIGTERM (a restart, a deploy, a scale-down) or SIGINT. `next start`
// handles both signals itself (its handler is registered before instrumentation.ts runs): it
// closes the HTTP server, so that no new connection is taken, waits until every request in
// flight is answered, then calls process.exit. Alongside, this stops the background work (the
// mail worker finishes its current message), holds Next's exit until that is done and `finish`
// (the last spans, which the last requests made) has run, and bounds the whole: a request still
// unanswered timeoutSeconds after the signal is cut, and the process exits with 1. Under
// NEXT_MANUAL_SIG_HANDLE Next leaves the signals alone, so nothing drains the requests, and the
// process exits once the background work is done.

/** What the shutdown needs of the process (a stand-in in tests). */
export interface ShutdownProcess {
  on(signal: "SIGTERM" | "SIGINT", listener: (signal: NodeJS.Signals) => void): unknown;
  exit(code?: number): never;
  env: Record<string, string | undefined>;
}

export interface ShutdownOptions {
  /** The longest wait for the requests in flight, from the signal. */
  timeoutSeconds: number;
  /** Stops the background work while the requests are answered; settles once it is done. */
  stopWork: () => Promise<void>;
  /** The last thing before exiting, once every request is answered (sending the last spans). */
  finish?: () => Promise<void>;
  target?: ShutdownProcess;
}

export function handleShutdown({
  timeoutSeconds,
  stopWork,
  finish = async () => {},
  target = process,
}: ShutdownOptions): void {
  let started = false;
  const begin = (signal: NodeJS.Signals) => {
    if (started) return;
    started = true;
    const exit = target.exit.bind(target);
    const failed = (what: string) => (error: unknown) =>
      logger().error({ err: error }, `shutdown: ${what} failed`);
    logger().info(
      { signal, timeoutSeconds },
      "shutting down: no new connections; answering the requests in flight, then exiting",
    );
    const bound = setTimeout(() => {
      logger().warn({ timeoutSeconds }, "shut down with requests still unanswered at the end of the wait");
      exit(1);
    }, timeoutSeconds * 1000);
    bound.unref();
    const work = stopWork().catch(failed("the background work"));
    let exiting = false;
    // Next calls exit once the requests are answered; the exit waits for the work, then finishes.
    target.exit = ((code?: number) => {
      if (exiting) return;
      exiting = true;
      void work.then(() => finish().catch(failed("finishing"))).finally(() => exit(code ?? 0));
    }) as ShutdownProcess["exit"];
    if (target.env.NEXT_MANUAL_SIG_HANDLE) target.exit(0);
  };
  target.on("SIGTERM", begin);
  target.on("SIGINT", begin);
}
