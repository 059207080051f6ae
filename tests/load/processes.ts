import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createWriteStream, existsSync, readdirSync, statSync } from "node:fs";
import net from "node:net";
import { join } from "node:path";

// What the load run starts on loopback: a production build (rebuilt only when a source is newer
// than it), `next start`, and a TCP proxy between the app and its database that can refuse
// connections on demand (the database "going down" without touching the shared PostgreSQL).

const ROOT = process.cwd();
/** What `next build` reads: a change to any of them makes the build stale. */
const BUILD_INPUTS = [
  "app",
  "components",
  "lib",
  "proxy.ts",
  "instrumentation.ts",
  "instrumentation-node.ts",
  "instrumentation-client.ts",
  "next.config.js",
  "postcss.config.mjs",
  "tsconfig.json",
  "package-lock.json",
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/**
 * Reuses .next when it is newer than every build input (CI's end-to-end step built it) and has
 * the standalone server (next.config.js); else builds.
 */
export function ensureBuild(log: (line: string) => void) {
  const buildId = join(ROOT, ".next", "BUILD_ID");
  const built =
    existsSync(buildId) && existsSync(join(ROOT, ".next", "standalone", "server.js"))
      ? statSync(buildId).mtimeMs
      : 0;
  const stale = BUILD_INPUTS.find((input) => newestMtime(join(ROOT, input)) > built);
  if (!stale) {
    log("reusing the production build in .next (newer than every source)");
    return;
  }
  log(built ? `building: ${stale} changed since the last build` : "building: no production build yet");
  const result = spawnSync(join(ROOT, "node_modules", ".bin", "next"), ["build"], {
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (result.status !== 0) throw new Error(`next build failed (${result.status ?? result.signal})`);
}

export interface App {
  baseUrl: string;
  /** Ends the server with a signal (SIGKILL: no chance to finish anything) and waits for it. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

/**
 * `next start` on 127.0.0.1:port in a process group of its own, its output appended to logFile;
 * resolves once it answers. With `standaloneDir`, the standalone server of that folder instead
 * (`node server.js` there), with `env` as its whole environment besides PATH: nothing of this
 * checkout's.
 */
export async function startApp(options: {
  port: number;
  env: Record<string, string>;
  logFile: string;
  standaloneDir?: string;
}) {
  const log = createWriteStream(options.logFile, { flags: "a" });
  const [command, args, cwd, env]: [string, string[], string, NodeJS.ProcessEnv] = options.standaloneDir
    ? [
        process.execPath,
        ["server.js"],
        options.standaloneDir,
        {
          NODE_ENV: "production",
          PATH: process.env.PATH ?? "",
          HOSTNAME: "127.0.0.1",
          PORT: String(options.port),
          ...options.env,
        },
      ]
    : [
        join(ROOT, "node_modules", ".bin", "next"),
        ["start", "-H", "127.0.0.1", "-p", String(options.port)],
        ROOT,
        { ...process.env, ...options.env },
      ];
  const child: ChildProcess = spawn(command, args, {
    cwd,
    env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  child.stdout!.pipe(log, { end: false });
  child.stderr!.pipe(log, { end: false });
  // The end of its output, for the error when it does not come up (a port in use, a crash).
  let tail = "";
  const keep = (chunk: Buffer) => void (tail = (tail + chunk.toString()).slice(-3000));
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(
        `${args.join(" ")} on port ${options.port} exited (${child.exitCode}):\n${tail}\n(all of it in ${options.logFile})`,
      );
    try {
      const response = await fetch(`${baseUrl}/api/countries`, { signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      if (response.status < 500) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() - started > 60_000)
      throw new Error(
        `${args.join(" ")} on port ${options.port} did not answer in 60 s:\n${tail}\n(all of it in ${options.logFile})`,
      );
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const app: App = {
    baseUrl,
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, signal);
      await exited;
    },
  };
  return app;
}

export interface TcpProxy {
  url: string;
  /** Closes every connection and refuses new ones (ECONNREFUSED), as a stopped server does. */
  refuse(): Promise<void>;
  /** Listens again on the same port. */
  forward(): Promise<void>;
  stop(): Promise<void>;
}

/** A loopback TCP proxy to the database of databaseUrl; `url` is that URL through the proxy. */
export async function startTcpProxy(databaseUrl: string): Promise<TcpProxy> {
  const target = new URL(databaseUrl);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.once("close", () => sockets.delete(socket));
      socket.on("error", () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  const url = new URL(databaseUrl);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  const close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (!server.listening) return resolve();
      server.close(() => resolve());
    });
  return { url: url.toString(), refuse: close, forward: () => listen(port), stop: close };
}
