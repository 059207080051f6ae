// What an open-redirect test asks of a Location (or a redirect target): that a browser, and any
// server or proxy that decodes it again on the way, stays on this site.

const BASE = "https://app.example";

/** Whether a redirect target is a same-site path, as sent and once every escape is decoded. */
export function landsOnThisSite(target: string): boolean {
  // A Location header carries printable ASCII; anything else was not encoded.
  if (!/^[\x21-\x7e]*$/.test(target) || !target.startsWith("/")) return false;
  if (new URL(target, BASE).origin !== BASE) return false;
  let decoded = target;
  for (let round = 0; round < 5; round++) {
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      break;
    }
  }
  const [path] = decoded.split(/[?#]/, 1);
  return !/^\/[\s/\\]|[\u0000-\u001f\u007f]/.test(path) && new URL(path, BASE).origin === BASE;
}
