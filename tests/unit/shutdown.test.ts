import { EventEmitter } from "node:events";
import { handleShutdown, type ShutdownProcess } from "@/lib/shutdown.server";

// The order of a shutdown: Next's own signal handler (registered first in a real server) closes the
// HTTP server and calls exit once the requests in flight are answered; that exit waits for the
// background work, and the whole is bounded.

function fakeProcess(env: Record<string, string | undefined> = {}) {
  const emitter = new EventEmitter();
  const exits: number[] = [];
  const target: ShutdownProcess & { emit: (signal: string) => void } = {
    on: (signal, listener) => emitter.on(signal, listener),
    exit: ((code?: number) => {
      exits.push(code ?? 0);
    }) as ShutdownProcess["exit"],
    env,
    emit: (signal) => emitter.emit(signal, signal),
  };
  return { target, exits };
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

beforeEach(() => jest.useFakeTimers({ doNotFake: ["setImmediate"] }));
afterEach(() => jest.useRealTimers());

test("Next's exit after the last answer waits for the background work, then exits with Next's code", async () => {
  const { target, exits } = fakeProcess();
  const work = deferred();
  const stopWork = jest.fn(() => work.promise);
  handleShutdown({ timeoutSeconds: 10, stopWork, target });

  target.emit("SIGTERM");
  expect(stopWork).toHaveBeenCalledTimes(1);
  // Next has answered the requests in flight: it exits, but the mail worker is mid-message.
  target.exit(143);
  await settle();
  expect(exits).toEqual([]);

  work.resolve();
  await settle();
  expect(exits).toEqual([143]);
});

test("background work done first: the process exits when Next does, after the last spans are sent", async () => {
  const { target, exits } = fakeProcess();
  const finish = jest.fn(async () => {});
  handleShutdown({ timeoutSeconds: 10, stopWork: async () => {}, finish, target });
  target.emit("SIGTERM");
  await settle();
  expect(exits).toEqual([]);
  // Spans are sent once every request is answered, not before: the last requests have spans too.
  expect(finish).not.toHaveBeenCalled();
  target.exit(143);
  await settle();
  expect(finish).toHaveBeenCalledTimes(1);
  expect(exits).toEqual([143]);
});

test("a request unanswered at the end of the wait is cut: the process exits with 1", async () => {
  const { target, exits } = fakeProcess();
  handleShutdown({ timeoutSeconds: 8, stopWork: async () => {}, target });
  target.emit("SIGTERM");
  await settle();
  jest.advanceTimersByTime(7_999);
  expect(exits).toEqual([]);
  jest.advanceTimersByTime(1);
  expect(exits).toEqual([1]);
});

test("a second signal (Ctrl+C reaches the whole process group) starts nothing twice", async () => {
  const { target } = fakeProcess();
  const stopWork = jest.fn(async () => {});
  handleShutdown({ timeoutSeconds: 10, stopWork, target });
  target.emit("SIGINT");
  target.emit("SIGINT");
  target.emit("SIGTERM");
  expect(stopWork).toHaveBeenCalledTimes(1);
});

test("under NEXT_MANUAL_SIG_HANDLE nothing else ends the process: it exits once the work is done", async () => {
  const { target, exits } = fakeProcess({ NEXT_MANUAL_SIG_HANDLE: "true" });
  handleShutdown({ timeoutSeconds: 10, stopWork: async () => {}, target });
  target.emit("SIGTERM");
  await settle();
  expect(exits).toEqual([0]);
});
