"use client";

import { createContext, useContext, useMemo, type ReactNode } from "react";
import { unstable_createAdapterProvider as createAdapterProvider } from "nuqs/adapters/custom";

// A cached search page (lib/cache/search-pages.ts) is rendered once for everyone who asks for the
// same search, so its server rendering cannot read the request's query string: useSearchParams()
// there would make Next give up rendering the filters on the server. While the server renders it,
// the filters read the search the page was rendered for from here instead; in the browser they
// read the address as everywhere else (the root layout's nuqs adapter), which holds the same search.

const Query = createContext("");

const FixedSearchParams = createAdapterProvider(() => {
  const query = useContext(Query);
  return {
    searchParams: useMemo(() => new URLSearchParams(query), [query]),
    // Nothing changes the address during a server rendering.
    updateUrl: () => {},
  };
});

export function PrerenderedSearchParams({ query, children }: { query: string; children: ReactNode }) {
  if (typeof window !== "undefined") return children;
  return (
    <Query value={query}>
      <FixedSearchParams>{children}</FixedSearchParams>
    </Query>
  );
}
