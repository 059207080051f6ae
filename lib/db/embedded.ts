import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

// The embedded database: PostgreSQL compiled to WebAssembly (PGlite), served over the
// PostgreSQL wire protocol on loopback so that the app reaches it exactly as it reaches a real
// server, through `pg` and Prisma's pg adapter. PGlite has a single backend; the socket server
// queues the connections onto it and keeps an open transaction, and each extended-protocol query
// (keepExtendedQueriesTogether below), to its own connection (tests/integration/embedded.test.ts
// holds it to that).

export interface EmbeddedDatabase {
  /** Connection string for `pg` / Prisma. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

export interface EmbeddedDatabaseOptions {
  /** Folder for the data files; omitted: in memory. */
  dataDir?: string;
  /** Port on 127.0.0.1; 0 picks a free one. */
  port?: number;
}

export async function startEmbeddedDatabase(
  options: EmbeddedDatabaseOptions = {},
): Promise<EmbeddedDatabase> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const db = await PGlite.create({ dataDir: options.dataDir, extensions: { pg_trgm } });
  const server = new PGLiteSocketServer({
    db,
    host: "127.0.0.1",
    port: options.port ?? 0,
    maxConnections: 64,
  });
  keepExtendedQueriesTogether(server, db);
  await server.start();
  const port = Number(server.getServerConn().split(":").pop());
  return {
    url: `postgresql://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`,
    port,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}

// PGlite has one backend, and pglite-socket (0.2.x) queues each protocol message on it separately,
// keeping whole transactions together but not the messages of one extended-protocol query
// (Parse, Bind, Describe, Execute ... Sync, all on the unnamed statement). When another
// connection's BEGIN or Parse lands between them, the first query binds to the wrong statement
// ("bind message supplies 6 parameters, but prepared statement "" requires 2"), gets another
// query's rows, or leaves the backend skipping messages until a Sync that never comes, which
// stalls every connection. This replaces the queue's scheduler with one that, like a
// transaction, keeps the backend for a connection from its first extended-protocol message to
// its Sync. tests/integration/embedded.test.ts covers both cases.

const SYNC = 0x53; // "S"
/** Parse, Bind, Describe, Execute, Close, Flush: messages that leave a sequence open until Sync. */
const OPENS_SEQUENCE = new Set([0x50, 0x42, 0x44, 0x45, 0x43, 0x48]);
const SYNC_MESSAGE = new Uint8Array([SYNC, 0, 0, 0, 4]);

interface QueuedMessage {
  handlerId: number;
  message: Uint8Array;
  timestamp: number;
  resolve(bytes: number): void;
  reject(error: unknown): void;
  onData(data: Uint8Array): void;
}

/** The parts of pglite-socket's (private) QueryQueueManager this relies on. */
interface QueryQueue {
  queue: QueuedMessage[];
  processing: boolean;
  lastHandlerId: number | null;
  processQueue(): Promise<void>;
  clearQueueForHandler(handlerId: number): void;
}

function keepExtendedQueriesTogether(server: PGLiteSocketServer, db: PGlite) {
  const queue = (server as unknown as { queryQueue?: Partial<QueryQueue> }).queryQueue;
  if (
    !queue ||
    !Array.isArray(queue.queue) ||
    typeof queue.processQueue !== "function" ||
    typeof queue.clearQueueForHandler !== "function" ||
    !("lastHandlerId" in queue)
  ) {
    throw new Error(
      "@electric-sql/pglite-socket changed its query queue: review keepExtendedQueriesTogether() in lib/db/embedded.ts",
    );
  }
  const q = queue as QueryQueue;
  /** The connection whose extended-protocol sequence is open (between its first message and Sync). */
  let sequenceOwner: number | null = null;

  q.processQueue = async () => {
    if (q.processing) return;
    q.processing = true;
    try {
      while (q.queue.length > 0) {
        const pinned = sequenceOwner ?? (db.isInTransaction() ? q.lastHandlerId : null);
        const index = pinned === null ? 0 : q.queue.findIndex((item) => item.handlerId === pinned);
        // The backend belongs to a connection that has not sent its next message yet: wait for it
        // (enqueue() runs this again).
        if (index === -1) break;
        const [item] = q.queue.splice(index, 1);
        let bytes = 0;
        try {
          await db.runExclusive(() =>
            db.execProtocolRawStream(item.message, {
              onRawData: (data) => {
                bytes += data.length;
                item.onData(data);
              },
            }),
          );
        } catch (error) {
          item.reject(error);
          continue;
        }
        const type = item.message[0];
        if (OPENS_SEQUENCE.has(type)) sequenceOwner = item.handlerId;
        else if (type === SYNC) sequenceOwner = null;
        q.lastHandlerId = item.handlerId;
        item.resolve(bytes);
      }
    } finally {
      q.processing = false;
    }
  };

  const clearQueueForHandler = q.clearQueueForHandler.bind(q);
  q.clearQueueForHandler = (handlerId) => {
    clearQueueForHandler(handlerId);
    if (sequenceOwner !== handlerId) return;
    // The connection went away mid-sequence: end its sequence with a Sync of our own (answer
    // discarded) before anyone else gets the backend. A transaction it left open is then rolled
    // back by pglite-socket as usual.
    q.queue.unshift({
      handlerId,
      message: SYNC_MESSAGE,
      timestamp: Date.now(),
      resolve: () => undefined,
      reject: () => undefined,
      onData: () => undefined,
    });
    void q.processQueue();
  };
}
