"use client";

import Link from "next/link";
import { createContext, useCallback, useContext, useEffect, useState, useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";
import {
  hasSignedInHint,
  SIGNED_IN_EVENT,
  SIGNED_IN_HINT_COOKIE,
  SIGNED_OUT_EVENT,
} from "@/lib/auth/signed-in-hint";
import type { UserDto } from "@/lib/users/dto";
import { SignOutForm } from "./sign-out-form";
import { dashboardLinkOf } from "./viewer";

// The header's account controls as a client island: the public pages are cached HTML, the same
// for every visitor (lib/cache/reads.server.ts), so who is signed in is asked by the browser. Only a
// browser with the signed-in hint cookie asks GET /api/user; everyone else, and every browser
// without JavaScript, gets the Sign In link the server rendered.

type Account = { status: "anonymous" } | { status: "checking" } | { status: "signed-in"; user: UserDto };

const AccountContext = createContext<{ account: Account; signedOut(): void } | null>(null);

const ANONYMOUS: Account = { status: "anonymous" };

function forgetHint() {
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}

const noSubscription = () => () => {};

/** Holds the visitor's account for the header and the mobile menu: one request per page load. */
export function AccountProvider({ children }: { children: React.ReactNode }) {
  // The server, and the first render in the browser, know nothing of the visitor.
  const hinted = useSyncExternalStore(
    noSubscription,
    () => hasSignedInHint(document.cookie),
    () => false,
  );
  // undefined: not asked yet; null: not signed in after all.
  const [user, setUser] = useState<UserDto | null | undefined>(undefined);
  // Bumped when the tab signs in again in place (SIGNED_IN_EVENT), to ask again.
  const [signIns, setSignIns] = useState(0);

  // Once per mount of the public frame: signing in happens on the sign-in pages, outside it, or
  // in place, which says so (SIGNED_IN_EVENT); signing out from it says so too (signedOut).
  useEffect(() => {
    if (!hinted) return;
    let current = true;
    fetch("/api/user", { cache: "no-store", credentials: "same-origin" })
      .then(async (response) => {
        if (response.status === 401) forgetHint();
        const signedIn = response.ok ? ((await response.json()) as UserDto) : null;
        if (current) setUser(signedIn);
      })
      .catch(() => {
        if (current) setUser(null);
      });
    return () => {
      current = false;
    };
  }, [hinted, signIns]);

  useEffect(() => {
    const signedIn = () => {
      setUser(undefined);
      setSignIns((count) => count + 1);
    };
    window.addEventListener(SIGNED_IN_EVENT, signedIn);
    return () => window.removeEventListener(SIGNED_IN_EVENT, signedIn);
  }, []);

  const signedOut = useCallback(() => {
    forgetHint();
    setUser(null);
  }, []);

  // Whatever ended the session in this tab (a Sign Out elsewhere on the page, an API's 401).
  useEffect(() => {
    window.addEventListener(SIGNED_OUT_EVENT, signedOut);
    return () => window.removeEventListener(SIGNED_OUT_EVENT, signedOut);
  }, [signedOut]);

  const account: Account =
    !hinted || user === null
      ? ANONYMOUS
      : user === undefined
        ? { status: "checking" }
        : { status: "signed-in", user };
  return <AccountContext.Provider value={{ account, signedOut }}>{children}</AccountContext.Provider>;
}

/** The visitor's account: anonymous until the browser knows better. */
export function useAccount(): { account: Account; signedOut(): void } {
  return useContext(AccountContext) ?? { account: ANONYMOUS, signedOut: () => {} };
}

/** Dashboard and Sign Out for a signed-in visitor, else Sign In (desktop header). */
export function AccountActions() {
  const { account, signedOut } = useAccount();
  if (account.status === "checking") return <span className="h-9 w-40" aria-hidden="true" />;
  if (account.status === "anonymous") {
    return (
      <Button asChild>
        <Link href="/auth">Sign In</Link>
      </Button>
    );
  }
  const dashboard = dashboardLinkOf(account.user);
  return (
    <>
      <Button asChild variant="outline">
        <Link href={dashboard.href}>{dashboard.label}</Link>
      </Button>
      <SignOutForm onSignedOut={signedOut}>
        <Button type="submit" variant="ghost">
          Sign Out
        </Button>
      </SignOutForm>
    </>
  );
}

/** The mobile header's Login button (SPEC: shown to signed-out visitors on small screens). */
export function MobileLogin() {
  const { account } = useAccount();
  if (account.status !== "anonymous") return null;
  return (
    <Button asChild size="sm">
      <Link href="/auth">Login</Link>
    </Button>
  );
}
