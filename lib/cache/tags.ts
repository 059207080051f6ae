import "server-only";
import { revalidateTag } from "next/cache";
import { cacheStore } from "./store";

// The cache tags of the public pages' data (lib/cache/reads.ts) and the one way writes expire
// them. Every admin write expires exactly what it changed:
//   a university or its programs   -> universityTag(id) and UNIVERSITY_LISTS
//   settings (platform name)       -> SETTINGS
//   study lists, imports, bulk     -> UNIVERSITY_LISTS and UNIVERSITY_PAGES

/** The platform name and the demo-data flag, which every page shows. */
export const SETTINGS = "settings";
/** Anything that lists universities: search results, the country choices and counts, the sitemap. */
export const UNIVERSITY_LISTS = "university-lists";
/** Every university page at once, for changes that reach many of them (a study level renamed, an import). */
export const UNIVERSITY_PAGES = "university-pages";
/** One university's page: its details and its programs. */
export const universityTag = (id: number) => `university-${id}`;
/** Whatever /university/{slug} showed, a "not found" included, until a university takes the slug. */
export const universitySlugTag = (slug: string) => `university-slug-${slug}`;

/** A university was created, edited, archived, restored or deleted. */
export function universityChanged(university: { id: number; slug: string }): Promise<void> {
  return expireTags(universityTag(university.id), universitySlugTag(university.slug), UNIVERSITY_LISTS);
}

/** Programs of these universities were created, edited, archived, restored or deleted. */
export function programsChanged(universityIds: readonly number[]): Promise<void> {
  return expireTags(...universityIds.map(universityTag), UNIVERSITY_LISTS);
}

/** Many universities or programs at once (an import, data:update): every list and every page. */
export function catalogueChanged(): Promise<void> {
  return expireTags(UNIVERSITY_LISTS, UNIVERSITY_PAGES);
}

/**
 * Expires the tags at once: the next request to a page that shows them renders it again, on every
 * app server (the store is shared with REDIS_URL). Awaited before the write's response, so the
 * editor's next page view already shows the change. Outside Next (npm run import, data:update) it
 * reaches the servers through the shared store; without REDIS_URL their own memory expires the
 * pages after their revalidate time (next.config.js cacheLife "public").
 */
export async function expireTags(...tags: string[]): Promise<void> {
  const unique = [...new Set(tags)];
  if (process.env.NEXT_RUNTIME) {
    for (const tag of unique) revalidateTag(tag, { expire: 0 });
  }
  await cacheStore().expireTags(unique, Date.now());
}
