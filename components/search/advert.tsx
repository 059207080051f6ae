"use client";

import Link from "next/link";
import { Sparkles } from "lucide-react";

// A client component with nothing interactive in it, so that the search pages' RSC payloads name
// it instead of carrying its markup and icon (the university search shows it twice: beside the
// filters on wide screens, below the results on narrow ones).

/** The advertisement beside the filters, and below the results on small screens. */
export function Advert() {
  return (
    <aside
      aria-label="Advertisement"
      className="rounded-lg bg-gradient-to-br from-brand-700 to-brand-900 p-5 text-white"
    >
      <Sparkles className="size-5" aria-hidden="true" />
      <p className="mt-2 font-semibold">Explore more than 30 thousand universities</p>
      <p className="mt-1 text-sm text-brand-100">
        Our database keeps growing. Create a free account to save searches and apply in a few steps.
      </p>
      <Link href="/auth" className="mt-3 inline-block text-sm font-semibold underline underline-offset-4">
        Get started
      </Link>
    </aside>
  );
}
