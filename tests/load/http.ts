// The simulated clients of the load run: one cookie jar per session, a client address of its own
// (X-Forwarded-For, read by a server started with TRUSTED_PROXIES=1), and every request timed
// and counted in a Recorder under a kind ("POST /api/applications", "page /university").

/** A request's outcome: its status, or how it failed without one. */
export type Outcome = number | "timeout" | "network";

export interface Sample {
  kind: string;
  outcome: Outcome;
  ms: number;
  /** When it was sent, in ms since the recorder started. */
  at: number;
}

export class Recorder {
  readonly samples: Sample[] = [];
  readonly started = performance.now();

  record(kind: string, outcome: Outcome, sentAt: number) {
    const now = performance.now();
    this.samples.push({ kind, outcome, ms: now - sentAt, at: sentAt - this.started });
  }
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  ms: number;
  json<T = unknown>(): T;
}

/** A request that got no answer: it timed out, or the connection failed. */
export class NoAnswer extends Error {
  constructor(
    readonly outcome: "timeout" | "network",
    readonly ms: number,
    cause: unknown,
  ) {
    super(`no answer (${outcome})`, { cause });
  }
}

/** What a load run allows a request before counting it as hung. */
export const REQUEST_TIMEOUT_MS = 30_000;

export class Session {
  private readonly cookies = new Map<string, string>();

  constructor(
    private readonly baseUrl: string,
    private readonly recorder: Recorder,
    /** The client's address, sent as X-Forwarded-For. */
    readonly ip: string,
  ) {}

  /** A session of the same client (same address) without its cookies: another browser. */
  fresh(): Session {
    return new Session(this.baseUrl, this.recorder, this.ip);
  }

  hasCookies() {
    return this.cookies.size > 0;
  }

  async send(
    kind: string,
    method: string,
    path: string,
    options: { json?: unknown; bytes?: Uint8Array; timeoutMs?: number } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { "x-forwarded-for": this.ip, accept: "*/*" };
    // Browsers send Origin with every state-changing request (route() checks it against Host).
    if (method !== "GET") headers.origin = this.baseUrl;
    if (options.json !== undefined) headers["content-type"] = "application/json";
    if (options.bytes !== undefined) headers["content-type"] = "application/octet-stream";
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const sentAt = performance.now();
    try {
      const response = await fetch(new URL(path, this.baseUrl), {
        method,
        headers,
        body: options.bytes
          ? new Blob([new Uint8Array(options.bytes)])
          : options.json === undefined
            ? undefined
            : JSON.stringify(options.json),
        redirect: "manual",
        signal: AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS),
      });
      const text = await response.text();
      this.keepCookies(response.headers.getSetCookie());
      this.recorder.record(kind, response.status, sentAt);
      return {
        status: response.status,
        headers: response.headers,
        text,
        ms: performance.now() - sentAt,
        json: <T>() => JSON.parse(text) as T,
      };
    } catch (error) {
      const outcome = (error as Error).name === "TimeoutError" ? "timeout" : "network";
      this.recorder.record(kind, outcome, sentAt);
      throw new NoAnswer(outcome, performance.now() - sentAt, error);
    }
  }

  private keepCookies(setCookies: string[]) {
    for (const header of setCookies) {
      const [pair, ...attributes] = header.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some(
        (a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a),
      );
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/** The p-th percentile of sorted values (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
