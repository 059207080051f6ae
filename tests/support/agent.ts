import type { FormState } from "@/lib/http/form-state";
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

  /**
   * Posts a form to a server action as a browser on one of the app's pages does (this agent's
   * cookies, a same-origin POST to `path`): its form state, or where its redirect() sends the
   * browser (`redirect`), or the status of its notFound() (`status`).
   */
  async act(
    action: (previous: FormState, data: FormData) => Promise<FormState>,
    fields: Record<string, string> | FormData,
    init: { path?: string; headers?: Record<string, string> } = {},
  ): Promise<{ state: FormState | null; redirect: string | null; status?: number }> {
    const data = fields instanceof FormData ? fields : new FormData();
    if (!(fields instanceof FormData))
      for (const [name, value] of Object.entries(fields)) data.append(name, value);
    const url = new URL(init.path ?? "/", ORIGIN);
    const headers = new Headers({
      host: url.host,
      origin: ORIGIN,
      "x-forwarded-for": this.ip,
      "x-forwarded-proto": url.protocol.slice(0, -1),
      "content-type": "application/x-www-form-urlencoded",
      ...init.headers,
    });
    if (this.cookies.size)
      headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("; "));
    const request = new Request(url, { method: "POST", headers });
    const { result, written } = await runWithRequest(request, async () => {
      try {
        return { state: await action({}, data), redirect: null };
      } catch (error) {
        const navigation = navigationOf(error);
        if (!navigation) throw error;
        return { state: null, ...navigation };
      }
    });
    this.apply(written);
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

/** Where Next's redirect() sends the browser, or notFound()'s status; null for any other error. */
export function navigationOf(error: unknown): { redirect: string | null; status?: number } | null {
  const digest = (error as { digest?: unknown } | null)?.digest;
  if (typeof digest !== "string") return null;
  const redirect = /^NEXT_REDIRECT;[^;]*;(.*);(\d{3});?$/.exec(digest);
  if (redirect) return { redirect: redirect[1], status: Number(redirect[2]) };
  if (digest.startsWith("NEXT_HTTP_ERROR_FALLBACK;"))
    return { redirect: null, status: Number(digest.split(";")[1]) };
  return null;
}
