"use client";

import { useEffect } from "react";
import { useRouter } from "next/navigation";
import { hasLocalShortlist, loadShortlist } from "./shortlist-store";

/**
 * On every page (the root layout): when the browser keeps a visitor's list, asks whether the
 * visitor has since signed in or registered; if so, the list is saved to the account and the page
 * re-rendered. Without such a list it asks nothing.
 */
export function ShortlistSync() {
  const router = useRouter();
  useEffect(() => {
    if (!hasLocalShortlist()) return;
    void loadShortlist().then(({ merged }) => {
      if (merged) router.refresh();
    });
  }, [router]);
  return null;
}
