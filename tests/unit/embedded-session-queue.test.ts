import type { PGlite } from "@electric-sql/pglite";
import { SessionQueue } from "@/lib/db/embedded.server";

// The embedded database's one backend is handed to one connection at a time, and a connection's
// protocol messages run in the order it sent them, even when later ones arrive while earlier ones
// still wait for the backend (pglite-socket reads each chunk of a socket in a task of its own).

/** A stand-in for PGlite that records which connection's message ran, in order. */
function fakeBackend() {
  const ran: string[] = [];
  let inTransaction = false;
  let busy = Promise.resolve();
  const db = {
    runExclusive<T>(work: () => Promise<T>): Promise<T> {
      const result = busy.then(work);
      busy = result.then(
        () => undefined,
        () => undefined,
      );
      return result;
    },
    async execProtocolRawStream(message: Uint8Array) {
      const text = new TextDecoder().decode(message.subarray(5));
      ran.push(text);
      if (text.endsWith("BEGIN")) inTransaction = true;
      if (text.endsWith("COMMIT")) inTransaction = false;
      await new Promise((resolve) => setImmediate(resolve));
    },
    isInTransaction: () => inTransaction,
    exec: async () => undefined,
  };
  return { db: db as unknown as PGlite, ran };
}

/** A protocol message: its type byte, a length, and (for the record) a label. */
const message = (type: string, label: string) =>
  new Uint8Array([type.charCodeAt(0), 0, 0, 0, 4 + label.length, ...new TextEncoder().encode(label)]);

test("a connection's messages keep their order while they wait for another's transaction", async () => {
  const { db, ran } = fakeBackend();
  const queue = new SessionQueue(db);
  const noop = () => undefined;

  await queue.enqueue(1, message("Q", "1:BEGIN"), noop);
  // Connection 2 sends Parse and Bind while connection 1 holds the backend...
  const parse = queue.enqueue(2, message("P", "2:Parse"), noop);
  const bind = queue.enqueue(2, message("B", "2:Bind"), noop);
  await new Promise((resolve) => setImmediate(resolve));
  expect(ran).toEqual(["1:BEGIN"]);
  // ...connection 1 commits, and connection 2 goes on sending as soon as its Parse has run.
  const commit = queue.enqueue(1, message("Q", "1:COMMIT"), noop);
  await parse;
  const rest = ["D:Describe", "E:Execute", "S:Sync"].map((m) =>
    queue.enqueue(2, message(m[0], `2:${m.slice(2)}`), noop),
  );
  await Promise.all([commit, bind, ...rest]);

  expect(ran).toEqual(["1:BEGIN", "1:COMMIT", "2:Parse", "2:Bind", "2:Describe", "2:Execute", "2:Sync"]);
});

test("another connection's query waits until a query's Sync has run", async () => {
  const { db, ran } = fakeBackend();
  const queue = new SessionQueue(db);
  const noop = () => undefined;
  const sent = [
    queue.enqueue(1, message("P", "1:Parse"), noop),
    queue.enqueue(2, message("Q", "2:SELECT"), noop),
    queue.enqueue(1, message("B", "1:Bind"), noop),
    queue.enqueue(1, message("E", "1:Execute"), noop),
    queue.enqueue(1, message("S", "1:Sync"), noop),
  ];
  await Promise.all(sent);
  expect(ran).toEqual(["1:Parse", "1:Bind", "1:Execute", "1:Sync", "2:SELECT"]);
});
