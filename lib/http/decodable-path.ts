// A request path whose percent-escapes do not spell UTF-8 text: an overlong form (%C0%AF for "/"),
// an encoded surrogate (%ED%A0%80), a byte that never starts a character (%FF), a sequence cut
// short (%E2%82), or a '%' without two hex digits (%, %zz). Next decodes a dynamic segment ([slug],
// [id], ...) with decodeURIComponent, which throws on these; its fallback for that error fails in an
// app without a pages/ directory, and the answer is a bare "Internal Server Error", status 500,
// before any page or route handler runs. A rewrite cannot help: Next matches the request's own
// path against the target route again while preparing it. So proxy.ts answers such a path itself:
// a page's address is the 404 page (rewritten to UNDECODABLE_PAGE), a route handler's the JSON
// error shape (400). Next workaround UNDECODABLE_PATHS_IN_PROXY (lib/next-workarounds.ts).

/** Whether every percent-escape of the path decodes as UTF-8 (decodeURIComponent does not throw). */
export function isDecodablePath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/**
 * Where proxy.ts sends a page request whose path does not decode: an address no route can have
 * (App Router folders whose names start with "_" are private, never routes), so Next answers it
 * with the 404 page (app/global-not-found.tsx), status 404.
 */
export const UNDECODABLE_PAGE = "/_undecodable-address";

export const UNDECODABLE_PATH =
  "This address is not valid: it has a percent-escape (%) that does not spell UTF-8 text.";
