"use client";

import { useEffect, useState } from "react";
import { afterLoadWhenIdle } from "@/lib/after-load";

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
    const cancel = afterLoadWhenIdle(
      () =>
        void import("sonner").then(({ Toaster }) => {
          if (current) setToaster(() => Toaster);
        }),
    );
    return () => {
      current = false;
      cancel();
    };
  }, []);
  return Toaster ? <Toaster {...props} /> : null;
}
