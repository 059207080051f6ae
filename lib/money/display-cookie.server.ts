import "server-only";
import { cookies } from "next/headers";
import { env } from "@/lib/env.server";
import { DISPLAY_CURRENCY_COOKIE } from "./currencies";

// The display-currency cookie the public pages' approximations read in the browser (they are cached
// for everyone, so the server cannot personalise them). Not HttpOnly: the page's script reads it.
// It holds a currency code and nothing else.

const YEAR_SECONDS = 365 * 86_400;

/** Writes the cookie (a route handler or server action), or deletes it for `null`. */
export async function writeDisplayCurrencyCookie(currency: string | null): Promise<void> {
  const jar = await cookies();
  if (currency === null) {
    jar.delete(DISPLAY_CURRENCY_COOKIE);
    return;
  }
  jar.set(DISPLAY_CURRENCY_COOKIE, currency, {
    path: "/",
    maxAge: YEAR_SECONDS,
    sameSite: "lax",
    secure: env.APP_URL.startsWith("https:"),
  });
}

/** The cookie's value, when it is one. */
export async function readDisplayCurrencyCookie(): Promise<string | undefined> {
  return (await cookies()).get(DISPLAY_CURRENCY_COOKIE)?.value;
}
