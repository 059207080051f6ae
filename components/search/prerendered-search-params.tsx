"use client";

import { usePathname } from "next/navigation";
import { createContext, useContext, useMemo, type ReactNode } from "react";
import { unstable_createAdapterProvider as createAdapterProvider } from "nuqs/adapters/custom";
import { queryOfCachedPath } from "@/lib/cache/search-pages";

// A cached search page (lib/cache/search-pages.ts) is rendered once for everyone who asks for the
// same search, so its server rendering cannot read the request's query string: useSearchParams()
// there would make Next give up rendering the filters on the server. While the server renders it,
// its address is the cached route's, which holds the search: the filters read it from there. In
// the browser they read the address bar as everywhere else (nuqs's Next adapter): the same search.

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
  const pathname = usePathname();
  const query = typeof window === "undefined" && pathname ? queryOfCachedPath(pathname) : null;
  if (query === null) return children;
  return (
    <Query value={query}>
      <FixedSearchParams>{children}</FixedSearchParams>
    </Query>
  );
}
