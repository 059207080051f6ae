import "server-only";
import { isIP } from "node:net";
import { headers } from "next/headers";
import { env } from "@/lib/env.server";

// The client's address, for the sign-in and password-reset throttles. X-Forwarded-For is a list
// that each proxy extends with the address it received the request from, so only its last
// `trustedProxies` entries were written by proxies of ours; anything to their left came from the
// client and may be invented. Next's own server adds the socket address only when the header is
// absent, and route handlers cannot read the socket, so without a trusted proxy (0, the default)
// there is no address we can believe: the throttles then count per username only.

/** The address `trustedProxies` hops from the right of X-Forwarded-For, or null. */
export function forwardedClientAddress(forwardedFor: string | null, trustedProxies: number): string | null {
  if (trustedProxies < 1 || !forwardedFor) return null;
  const hops = forwardedFor.split(",").map((entry) => entry.trim());
  // Fewer entries than proxies: the request did not come through all of them.
  if (hops.length < trustedProxies) return null;
  return normalizeAddress(hops[hops.length - trustedProxies]);
}

/** A bare IPv4 or IPv6 address (IPv4-mapped IPv6 as IPv4), or null for anything else. */
function normalizeAddress(entry: string): string | null {
  let address = entry;
  // "[2001:db8::1]:443" and "203.0.113.7:51234" (some proxies add the port).
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(":"));
  address = address.toLowerCase();
  if (address.startsWith("::ffff:") && isIP(address.slice(7)) === 4) address = address.slice(7);
  return isIP(address) ? address : null;
}

/** The client's address as the configured proxies (TRUSTED_PROXIES) report it, or null. */
export function clientIp(request: { headers: Headers } | undefined): string | null {
  return forwardedClientAddress(request?.headers.get("x-forwarded-for") ?? null, env.TRUSTED_PROXIES);
}

/** The current request's client address (route handlers and server actions). */
export async function requestClientIp(): Promise<string | null> {
  return clientIp({ headers: await headers() });
}
