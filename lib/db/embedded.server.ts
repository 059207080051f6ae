import "server-only";
import net from "node:net";
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { citext } from "@electric-sql/pglite/contrib/citext";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { PGLiteSocketHandler } from "@electric-sql/pglite-socket";

// The embedded database: PostgreSQL compiled to WebAssembly (PGlite), served over the
// PostgreSQL wire protocol on loopback so that the app reaches it exactly as it reaches a real
// server, through `pg` and Prisma's pg adapter.

const STARTUP_PROTOCOL_VERSION = 196608;
const SYNC = 0x53; // 'S'
const SIMPLE_QUERY = 0x51; // 'Q'
const TERMINATE = 0x58; // 'X'
const SYNC_MESSAGE = new Uint8Array([SYNC, 0, 0, 0, 4]);

/**
 * Hands PGlite's single backend to one connection at a time. pglite-socket's own queue keeps a
 * transaction together but switches connections between the messages of one extended-protocol
 * query, so another connection's BEGIN or Parse can land between a Parse and its Bind ("bind
 * message supplies 1 parameters, but prepared statement "" requires 3", or another query's rows).
 * Here a connection keeps the backend from its first message until a Sync or simple Query has
 * completed outside a transaction: the granularity of a real pooler.
 */
export class SessionQueue {
  private owner: number | null = null;
  /** The owner sent messages of a query that its Sync has not closed yet. */
  private openQuery = false;
  private readonly waiting: Array<{ handlerId: number; wake: () => void }> = [];
  /** Each connection's last message in progress: the next one starts after it. */
  private readonly inProgress = new Map<number, Promise<number>>();

  constructor(private readonly db: PGlite) {}

  /**
   * Runs a connection's messages strictly in the order they came. pglite-socket reads each chunk
   * of a socket in a task of its own, so a connection may send the next message before the last
   * one ran; had both waited for the backend, the later one could run first (an Execute before
   * its Bind: 'portal "" does not exist').
   */
  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    const previous = this.inProgress.get(handlerId);
    const run = previous
      ? previous.then(
          () => this.run(handlerId, message, onData),
          () => this.run(handlerId, message, onData),
        )
      : this.run(handlerId, message, onData);
    this.inProgress.set(handlerId, run);
    const forget = () => {
      if (this.inProgress.get(handlerId) === run) this.inProgress.delete(handlerId);
    };
    run.then(forget, forget);
    return run;
  }

  private async run(
    handlerId: number,
    message: Uint8Array,
    onData: (data: Uint8Array) => void,
  ): Promise<number> {
    await this.acquire(handlerId);
    let bytes = 0;
    try {
      await this.db.runExclusive(() =>
        this.db.execProtocolRawStream(message, {
          onRawData: (data) => {
            bytes += data.length;
            onData(data);
          },
        }),
      );
    } catch (error) {
      await this.releaseSession(handlerId);
      throw error;
    }
    this.openQuery = !endsTurn(message);
    if (!this.openQuery && !this.db.isInTransaction()) this.release(handlerId);
    return bytes;
  }

  getQueueLength() {
    return this.waiting.length;
  }

  clearQueueForHandler(handlerId: number) {
    this.inProgress.delete(handlerId);
    for (let i = this.waiting.length - 1; i >= 0; i--) {
      if (this.waiting[i].handlerId === handlerId) this.waiting.splice(i, 1);
    }
  }

  /** Called when a connection goes away: roll back what it left open and free the backend. */
  async clearTransactionIfNeeded(handlerId: number) {
    await this.releaseSession(handlerId);
  }

  private async releaseSession(handlerId: number) {
    if (this.owner !== handlerId) return;
    // A query left half-sent (Parse without its Sync) would swallow the next connection's messages.
    if (this.openQuery)
      await this.db.runExclusive(() => this.db.execProtocolRawStream(SYNC_MESSAGE, { onRawData: () => {} }));
    this.openQuery = false;
    if (this.db.isInTransaction()) await this.db.exec("ROLLBACK");
    this.release(handlerId);
  }

  private acquire(handlerId: number): Promise<void> {
    if (this.owner === null || this.owner === handlerId) {
      this.owner = handlerId;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push({ handlerId, wake: resolve }));
  }

  private release(handlerId: number) {
    if (this.owner !== handlerId) return;
    const next = this.waiting.shift();
    this.owner = next ? next.handlerId : null;
    next?.wake();
  }
}

function endsTurn(message: Uint8Array) {
  const type = message[0];
  if (type === SYNC || type === SIMPLE_QUERY || type === TERMINATE) return true;
  // The startup packet has no type byte: a length, then the protocol version.
  const view = Buffer.from(message.buffer, message.byteOffset, message.byteLength);
  return message.length >= 8 && view.readInt32BE(4) === STARTUP_PROTOCOL_VERSION;
}

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
  maxConnections?: number;
}

export async function startEmbeddedDatabase(
  options: EmbeddedDatabaseOptions = {},
): Promise<EmbeddedDatabase> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const db = await PGlite.create({ dataDir: options.dataDir, extensions: { citext, pg_trgm, unaccent } });
  // Its one session serves every connection and ignores their startup settings, so the app's
  // TimeZone=UTC (lib/db/client.server.ts) is set here.
  await db.exec("SET TimeZone TO 'UTC'");
  const queue = new SessionQueue(db);
  const maxConnections = options.maxConnections ?? 32;
  const sockets = new Set<net.Socket>();

  const server = net.createServer((socket) => {
    if (sockets.size >= maxConnections) {
      socket.end();
      return;
    }
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
    const handler = new PGLiteSocketHandler({
      // Structurally what the handler calls; the class's private fields make TS insist on its type.
      queryQueue: queue as unknown as ConstructorParameters<typeof PGLiteSocketHandler>[0]["queryQueue"],
      closeOnDetach: true,
    });
    handler.attach(socket).catch(() => socket.destroy());
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;

  return {
    url: `postgresql://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`,
    port,
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
    },
  };
}
