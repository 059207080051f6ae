import { Client } from "pg";
import { startEmbeddedProcess, type EmbeddedProcess } from "../support/databases";

// The embedded server shares PGlite's single backend between connections. It must never mix
// two clients' extended-protocol messages, and must keep a transaction to its own connection.

let database: EmbeddedProcess;
const clients: Client[] = [];

async function connect() {
  const client = new Client({ connectionString: database.url });
  await client.connect();
  clients.push(client);
  return client;
}

beforeAll(async () => {
  database = await startEmbeddedProcess();
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
  await database.stop();
});

test("concurrent parameterised queries from several connections each get their own answer", async () => {
  const connections = await Promise.all(Array.from({ length: 6 }, connect));
  const results = await Promise.all(
    connections.map(async (client, c) => {
      const wrong: string[] = [];
      for (let i = 0; i < 25; i++) {
        const n = c * 100 + i;
        const { rows } = await client.query("SELECT $1::int * 2 AS doubled, $2::text AS label", [n, `q${n}`]);
        if (rows[0].doubled !== n * 2 || rows[0].label !== `q${n}`)
          wrong.push(`${n}: ${JSON.stringify(rows[0])}`);
      }
      return wrong;
    }),
  );
  expect(results.flat()).toEqual([]);
});

test("transactions and parameterised queries from other connections never interleave", async () => {
  const connections = await Promise.all(Array.from({ length: 6 }, connect));
  await connections[0].query("CREATE TABLE IF NOT EXISTS mix_probe (n int)");
  const problems = (
    await Promise.all(
      connections.map(async (client, c) => {
        const found: string[] = [];
        for (let i = 0; i < 40; i++) {
          const n = c * 1000 + i;
          try {
            if (c % 3 === 0) {
              await client.query("BEGIN");
              await client.query("INSERT INTO mix_probe VALUES ($1)", [n]);
              await client.query("DELETE FROM mix_probe WHERE n < $1 AND n > $2", [0, -5]);
              await client.query("COMMIT");
            } else {
              const { rows } = await client.query("SELECT $1::int AS a, $2::text AS b, $3::int AS c", [
                n,
                "x",
                -n,
              ]);
              if (rows[0]?.c !== -n) found.push(`wrong row for ${n}: ${JSON.stringify(rows[0])}`);
            }
          } catch (error) {
            found.push((error as Error).message);
          }
        }
        return found;
      }),
    )
  ).flat();
  expect(problems).toEqual([]);
  const { rows } = await connections[0].query("SELECT count(*)::int AS n FROM mix_probe");
  expect(rows[0].n).toBe(80);
});

test("a transaction keeps the backend: others see its rows only after COMMIT", async () => {
  const [writer, reader] = await Promise.all([connect(), connect()]);
  await writer.query("CREATE TABLE IF NOT EXISTS tx_probe (n int)");
  await writer.query("BEGIN");
  await writer.query("INSERT INTO tx_probe VALUES (1)");

  let readerDone = false;
  const read = reader.query("SELECT count(*)::int AS n FROM tx_probe").then((r) => {
    readerDone = true;
    return r.rows[0].n;
  });
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(readerDone).toBe(false);

  await writer.query("INSERT INTO tx_probe VALUES (2)");
  await writer.query("COMMIT");
  expect(await read).toBe(2);
});

test("a connection that drops mid-transaction is rolled back and frees the backend", async () => {
  const quitter = await connect();
  quitter.on("error", () => undefined);
  await quitter.query("CREATE TABLE IF NOT EXISTS drop_probe (n int)");
  await quitter.query("BEGIN");
  await quitter.query("INSERT INTO drop_probe VALUES (1)");
  (quitter as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();

  const other = await connect();
  const { rows } = await other.query("SELECT count(*)::int AS n FROM drop_probe");
  expect(rows[0].n).toBe(0);
});
test("a connection that drops in the middle of a query frees the backend", async () => {
  const quitter = await connect();
  quitter.on("error", () => undefined);
  const connection = (
    quitter as unknown as {
      connection: {
        parse(q: { text: string; types: number[] }): void;
        flush(): void;
        stream: { destroy(): void };
      };
    }
  ).connection;
  // Parse without its Sync, then gone.
  connection.parse({ text: "SELECT $1::int AS lonely", types: [] });
  connection.flush();
  await new Promise((resolve) => setTimeout(resolve, 100));
  connection.stream.destroy();

  const other = await connect();
  const { rows } = await other.query("SELECT $1::int AS a, $2::text AS b", [7, "seven"]);
  expect(rows).toEqual([{ a: 7, b: "seven" }]);
}, 15_000);

test("a client that sends statement_timeout at startup (as the app's pool does) is served", async () => {
  const client = new Client({ connectionString: database.url, statement_timeout: 15_000 });
  await client.connect();
  clients.push(client);
  const { rows } = await client.query("SELECT 1 AS one");
  expect(rows).toEqual([{ one: 1 }]);
});
