// The request id (proxy.ts for pages, route() for route handlers) on the spans of its request, when
// tracing is on. The tracer (tracing.server.ts) installs the tagger on globalThis when it starts:
// proxy.ts, the route handlers and instrumentation.ts are separate bundles with copies of this
// module each, so module state would not be shared. Tracing off, nothing installs it, and tagging
// costs one property read: no OpenTelemetry code is loaded.

/** The span attribute that carries the request id (the X-Request-Id header). */
export const REQUEST_ID_ATTRIBUTE = "http.request.id";

const TAGGER = Symbol.for("unisearch.telemetry.tagRequest");

type Tagger = (requestId: string) => void;
type WithTagger = { [TAGGER]?: Tagger };

/** Puts the request id on the spans of the request being served, if it is traced. */
export function tagRequest(requestId: string): void {
  (globalThis as WithTagger)[TAGGER]?.(requestId);
}

/** Installs (or, with undefined, removes) the function tagRequest calls. */
export function setRequestTagger(tagger: Tagger | undefined): void {
  (globalThis as WithTagger)[TAGGER] = tagger;
}
