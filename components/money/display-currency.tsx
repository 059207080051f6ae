"use client";

import { createContext, use, useEffect, useState, useSyncExternalStore } from "react";
import { afterLoadWhenIdle } from "@/lib/after-load";
import { DISPLAY_CURRENCY_COOKIE } from "@/lib/money/base";
import type { Rates } from "@/lib/money/convert";

// The visitor's second currency on cached public pages. The pages are the same for everyone, so
// the server renders each amount in its own currency only; here, in the browser, the amount gains
// its approximation in the currency of the display-currency cookie (the student's choice, or the
// one the proxy took from the browser's language), with the latest rates the layout passes in.
// Before hydration, and without JavaScript, there is no approximation: never a wrong one. The
// conversion's code is fetched after the page has loaded, and only when an amount is in another
// currency than the visitor's: most visitors read amounts in their own currency and never need it.

const RatesContext = createContext<Rates>({});

/** Gives the amounts below it the latest rates (a cached read of the public layout). */
export function RatesProvider({ rates, children }: { rates: Rates; children: React.ReactNode }) {
  return <RatesContext value={rates}>{children}</RatesContext>;
}

/** The latest rates the page was given (empty outside a RatesProvider). */
export function useRates(): Rates {
  return use(RatesContext);
}

const noSubscription = () => () => {};

function cookieCurrency(): string | null {
  const pair = document.cookie.split("; ").find((part) => part.startsWith(`${DISPLAY_CURRENCY_COOKIE}=`));
  const value = pair?.slice(DISPLAY_CURRENCY_COOKIE.length + 1) ?? "";
  return /^[A-Z]{3}$/.test(value) ? value : null;
}

type Approximations = typeof import("@/lib/money/approximation");
let approximationCode: Promise<Approximations> | null = null;

/** The approximation's functions once fetched (after the page's load), or null until then. */
function useApproximate(needed: boolean): Approximations | null {
  const [approximate, setApproximate] = useState<Approximations | null>(null);
  useEffect(() => {
    if (!needed) return;
    let current = true;
    const cancel = afterLoadWhenIdle(() => {
      approximationCode ??= import("@/lib/money/approximation");
      void approximationCode.then((found) => {
        if (current) setApproximate(() => found);
      });
    });
    return () => {
      current = false;
      cancel();
    };
  }, [needed]);
  return approximate;
}

/**
 * "≈ $13,050, rate of 1 Nov 2026" after an amount (or, with `to`, after a range from `amount` to
 * `to`), when a display currency and its rate are known.
 */
export function Approximation({ amount, to, currency }: { amount: string; to?: string; currency: string }) {
  const rates = use(RatesContext);
  const display = useSyncExternalStore(noSubscription, cookieCurrency, () => null);
  const approximate = useApproximate(display !== null && display !== currency);
  const text = !approximate
    ? null
    : to === undefined
      ? approximate.approximation(amount, currency, display, rates)
      : approximate.rangeApproximation(amount, to, currency, display, rates);
  if (!text) return null;
  return (
    <span className="block text-sm font-normal text-slate-600" data-testid="approximation">
      {text}
    </span>
  );
}
