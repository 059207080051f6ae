"use client";

import { useEffect, useState } from "react";

type Sonner = typeof import("sonner");

/**
 * sonner's Toaster, fetched once the page has loaded rather than with it: no page needs a toast
 * before the visitor has done something, and the public pages' first load stays lighter. sonner
 * shows on mount any toast made before (a form's import of `toast` does not wait for this).
 */
export function LazyToaster(props: React.ComponentProps<Sonner["Toaster"]>) {
  const [Toaster, setToaster] = useState<Sonner["Toaster"] | null>(null);
  useEffect(() => {
    let current = true;
    const fetchToaster = () =>
      void import("sonner").then(({ Toaster }) => {
        if (current) setToaster(() => Toaster);
      });
    // When the browser is idle after the load, so that it does not compete with the page, but
    // within 2 s on a device that is never idle: a toast waits for it.
    const load = () =>
      "requestIdleCallback" in window
        ? requestIdleCallback(fetchToaster, { timeout: 2_000 })
        : setTimeout(fetchToaster, 200);
    if (document.readyState === "complete") load();
    else window.addEventListener("load", load, { once: true });
    return () => {
      current = false;
      window.removeEventListener("load", load);
    };
  }, []);
  return Toaster ? <Toaster {...props} /> : null;
}
