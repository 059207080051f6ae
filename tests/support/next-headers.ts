import { AsyncLocalStorage } from "node:async_hooks";

// Stands in for `next/headers` in the integration tests (moduleNameMapper), so that route handlers
// that use Auth.js (which reads headers() and sets cookies()) run in Jest as they do in Next:
// the current request comes from `runWithRequest`, and cookies set during it are collected.

export interface CookieWrite {
  name: string;
  value: string;
  options: {
    path?: string;
    httpOnly?: boolean;
    sameSite?: string | boolean;
    secure?: boolean;
    expires?: Date | number;
    maxAge?: number;
  };
}

interface RequestScope {
  request: Request;
  written: CookieWrite[];
}

const scope = new AsyncLocalStorage<RequestScope>();

export function runWithRequest<T>(
  request: Request,
  run: () => Promise<T>,
): Promise<{ result: T; written: CookieWrite[] }> {
  const state: RequestScope = { request, written: [] };
  return scope.run(state, async () => ({ result: await run(), written: state.written }));
}

function current(): RequestScope {
  const state = scope.getStore();
  if (!state) throw new Error("next/headers used outside runWithRequest (see tests/support/next-headers.ts)");
  return state;
}

function requestCookies(state: RequestScope): Map<string, string> {
  const jar = new Map<string, string>();
  for (const part of (state.request.headers.get("cookie") ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index > 0) jar.set(part.slice(0, index).trim(), decodeURIComponent(part.slice(index + 1).trim()));
  }
  for (const write of state.written) {
    const expired =
      write.options.maxAge === 0 ||
      (write.options.expires !== undefined && new Date(write.options.expires).getTime() <= Date.now());
    if (expired) jar.delete(write.name);
    else jar.set(write.name, write.value);
  }
  return jar;
}

export async function headers(): Promise<Headers> {
  const state = current();
  const copy = new Headers(state.request.headers);
  const jar = requestCookies(state);
  copy.set("cookie", [...jar].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join("; "));
  return copy;
}

export async function cookies() {
  const state = current();
  return {
    get: (name: string) => {
      const value = requestCookies(state).get(name);
      return value === undefined ? undefined : { name, value };
    },
    getAll: () => [...requestCookies(state)].map(([name, value]) => ({ name, value })),
    has: (name: string) => requestCookies(state).has(name),
    set: (name: string, value: string, options: CookieWrite["options"] = {}) => {
      state.written.push({ name, value, options });
    },
    delete: (name: string) => {
      state.written.push({ name, value: "", options: { maxAge: 0, path: "/" } });
    },
  };
}

export async function draftMode() {
  return { isEnabled: false, enable() {}, disable() {} };
}
