import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env.server";

// The unguessable addresses of reminders, signed with AUTH_SECRET instead of stored:
//   unsubscribe:  <userId>.<mac>            valid for good (unsubscribing twice changes nothing)
//   calendar:     <userId>.<version>.<mac>  valid while users.calendarVersion is <version>; the
//                                           profile's Reset bumps it, so the old address is dead.
//   search alert: <searchId>...<mac>        the saved searches one alert e-mail lists (or one of
//                                           them): turns their alerts off, for good.
// Rotating AUTH_SECRET (which also ends every session) voids them all.

function mac(purpose: string, parts: number[]): string {
  return createHmac("sha256", env.AUTH_SECRET)
    .update(`${purpose}:${parts.join(".")}`)
    .digest("base64url");
}

function sign(purpose: string, parts: number[]): string {
  return `${parts.join(".")}.${mac(purpose, parts)}`;
}

/** The numbers a token signs, or null when it is malformed or its signature is wrong. */
function verify(purpose: string, token: string, count: number): number[] | null {
  const pieces = token.split(".");
  if (pieces.length !== count + 1) return null;
  const parts = pieces.slice(0, count);
  if (!parts.every((part) => /^\d{1,10}$/.test(part))) return null;
  const numbers = parts.map(Number);
  if (!numbers.every(Number.isSafeInteger) || numbers[0] > 2_147_483_647) return null;
  const expected = Buffer.from(mac(purpose, numbers));
  const given = Buffer.from(pieces[count]);
  return given.length === expected.length && timingSafeEqual(given, expected) ? numbers : null;
}

export const unsubscribeToken = (userId: number) => sign("reminders-unsubscribe", [userId]);

/** The user id an unsubscribe token is for, or null. */
export function unsubscribeTokenUser(token: string): number | null {
  return verify("reminders-unsubscribe", token, 1)?.[0] ?? null;
}

export const calendarToken = (userId: number, version: number) => sign("calendar", [userId, version]);

/** The user id and feed version a calendar token names, or null. */
export function calendarTokenParts(token: string): { userId: number; version: number } | null {
  const parts = verify("calendar", token, 2);
  return parts && parts[1] <= 2_147_483_647 ? { userId: parts[0], version: parts[1] } : null;
}

/** The most saved searches one unsubscribe token names (a student's whole list at most). */
const SEARCH_ALERT_TOKEN_MAX = 20;

/** The unsubscribe token of saved searches' alerts (one e-mail's, or one search's). */
export const searchAlertToken = (searchIds: number[]) => sign("search-alerts-unsubscribe", searchIds);

/** The saved search ids a search alert token names, or null. */
export function searchAlertTokenSearches(token: string): number[] | null {
  const count = token.split(".").length - 1;
  if (count < 1 || count > SEARCH_ALERT_TOKEN_MAX) return null;
  return verify("search-alerts-unsubscribe", token, count);
}
