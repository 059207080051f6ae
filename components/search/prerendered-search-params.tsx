"use client";

import { useSelectedLayoutSegments } from "next/navigation";
import { createContext, useContext, useMemo, type ReactNode } from "react";
import { unstable_createAdapterProvider as createAdapterProvider } from "nuqs/adapters/custom";
import { queryOfCachedSegments } from "@/lib/cache/search-pages";

// A cached search page (lib/cache/search-pages.ts) is rendered once for everyone who asks for the
// same search, so its server rendering cannot read the request's query string: useSearchParams()
// there would make Next give up rendering the filters on the server. While the server renders it,
// the route below the search layout is the cached one, whose segment holds the search: the filters
// read it from there. (Its segments, not usePathname(): under the proxy's rewrite that gives the
// visitor's address or the route's depending on how `next start` was bound.) In the browser they
// read the address bar as everywhere else (nuqs's Next adapter): the same search.

const Query = createContext("");

const FixedSearchParams = createAdapterProvider(() => {
  const query = useContext(Query);
  return {
    searchParams: useMemo(() => new URLSearchParams(query), [query]),
    // Nothing changes the address during a server rendering.
    updateUrl: () => {},
  };
});

export function PrerenderedSearchParams({ children }: { children: ReactNode }) {
  const segments = useSelectedLayoutSegments();
  const query = typeof window === "undefined" ? queryOfCachedSegments(segments) : null;
  if (query === null) return children;
  return (
    <Query value={query}>
      <FixedSearchParams>{children}</FixedSearchParams>
    </Query>
  );
}
