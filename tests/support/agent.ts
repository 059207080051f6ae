import { runWithRequest, type CookieWrite } from "./next-headers";

// A browser-like client for route handlers in Jest: keeps cookies between calls, sends the
// same-origin headers a browser would, and returns each Response with its Set-Cookie applied.

type Handler<P> = (request: Request, context: { params: Promise<P> }) => Promise<Response>;

export const ORIGIN = "http://localhost:3000";

export class Agent {
  readonly cookies = new Map<string, string>();
  /** Every cookie the handlers set, with its attributes. */
  readonly writes: CookieWrite[] = [];

  constructor(
    private readonly ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  ) {}

  async call<P extends Record<string, string> = Record<string, string>>(
    handler: Handler<P>,
    path: string,
    init: {
      method?: string;
      json?: unknown;
      /** A raw body (text, bytes, a multipart form); `json` is the usual choice. */
      body?: string | Uint8Array | FormData | ReadableStream<Uint8Array>;
      headers?: Record<string, string>;
      params?: P;
    } = {},
  ): Promise<Response> {
    const method = init.method ?? (init.json !== undefined || init.body !== undefined ? "POST" : "GET");
    const url = new URL(path, ORIGIN);
    // Next sets X-Forwarded-Proto on every request; Auth.js's server-side calls (signIn, signOut)
    // name their cookies after it (the "__Secure-" ones on HTTPS), as its endpoints do after the URL.
    const headers = new Headers({
      host: url.host,
      "x-forwarded-for": this.ip,
      "x-forwarded-proto": url.protocol.slice(0, -1),
      ...init.headers,
    });
    if (method !== "GET") headers.set("origin", headers.get("origin") ?? ORIGIN);
    if (init.json !== undefined) headers.set("content-type", "application/json");
    if (this.cookies.size)
      headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("; "));
    const request = new Request(url, {
      method,
      headers,
      body: init.json !== undefined ? JSON.stringify(init.json) : (init.body as BodyInit | undefined),
      // A stream is sent as it is read, like a chunked upload without Content-Length.
      ...(init.body instanceof ReadableStream ? { duplex: "half" } : {}),
    } as RequestInit);
    const { result, written } = await runWithRequest(request, () =>
      handler(request, { params: Promise.resolve(init.params ?? ({} as P)) }),
    );
    this.apply(written);
    for (const header of result.headers.getSetCookie()) this.applyHeader(header);
    return result;
  }

  private apply(written: CookieWrite[]) {
    this.writes.push(...written);
    for (const { name, value, options } of written) {
      const expired =
        options.maxAge === 0 ||
        (options.expires !== undefined && new Date(options.expires).getTime() <= Date.now());
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  private applyHeader(header: string) {
    const [pair, ...attributes] = header.split(";");
    const index = pair.indexOf("=");
    const name = pair.slice(0, index).trim();
    const value = decodeURIComponent(pair.slice(index + 1).trim());
    const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
    if (expired || value === "") this.cookies.delete(name);
    else this.cookies.set(name, value);
  }

  hasSession() {
    return [...this.cookies.keys()].some((name) => name.endsWith("authjs.session-token"));
  }
}
