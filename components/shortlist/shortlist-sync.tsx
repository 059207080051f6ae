"use client";

import { useEffect } from "react";
import { usePathname, useRouter } from "next/navigation";
import { hasLocalShortlist, loadShortlist } from "./shortlist-store";

/**
 * On every page (the root layout), at each navigation: when the browser keeps a visitor's list,
 * asks whether the visitor has since signed in or registered; if so, the list is saved to the
 * account and the page re-rendered. Without such a list it asks nothing.
 */
export function ShortlistSync() {
  const router = useRouter();
  // Signing in or registering moves to another page without reloading this layout.
  const pathname = usePathname();
  useEffect(() => {
    if (!hasLocalShortlist()) return;
    void loadShortlist({ recheck: true }).then(({ merged }) => {
      if (merged) router.refresh();
    });
  }, [router, pathname]);
  return null;
}
