import type { Metadata } from "next";
import { notFound } from "next/navigation";
import type { ComponentType } from "react";
import { isCanonicalSegment, searchParamsOfSegment } from "@/lib/cache/search-pages";

// The cached form of a search page: proxy.ts sends its requests to a `q/[query]` route beside the
// page, with the query string in the segment (lib/cache/search-pages.ts). That route is rendered
// on a search's first request, then served from the cache until a write expires its tags
// (lib/cache/tags.server.ts) or its revalidation time passes.

type SearchPageProps = { searchParams: Promise<Record<string, string | string[]>> };
type CachedProps = { params: Promise<{ query: string }> };

/** The cached route's metadata and page, rendering `Page` for the segment's search. */
export function cachedSearchPage(
  Page: ComponentType<SearchPageProps>,
  metadata: (props: SearchPageProps) => Promise<Metadata>,
) {
  // Only segments proxy.ts makes: any other address is the 404 page, never a cache entry.
  const searchParams = async ({ params }: CachedProps) => {
    const { query } = await params;
    if (!isCanonicalSegment(query)) notFound();
    return searchParamsOfSegment(query);
  };
  return {
    generateMetadata: async (props: CachedProps) => metadata({ searchParams: searchParams(props) }),
    // The layout above gives the filters the same search (./prerendered-search-params.tsx).
    CachedSearchPage: (props: CachedProps) => <Page searchParams={searchParams(props)} />,
  };
}
