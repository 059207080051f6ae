import { cachedSearchPage } from "@/components/search/cached-search-page";
import SearchPage, { generateMetadata as searchMetadata } from "../../page";

// The search page beside it, cached per search: components/search/cached-search-page.tsx.

export function generateStaticParams() {
  return [];
}

export const revalidate = 60;

const { generateMetadata, CachedSearchPage } = cachedSearchPage(SearchPage, searchMetadata);
export { generateMetadata };
export default CachedSearchPage;
