import "server-only";
import { cacheLife, cacheTag } from "next/cache";
import { listCountriesWithUniversities, type CountryWithCount } from "@/lib/countries/queries";
import { DEFAULT_PLATFORM_NAME, getPlatformName, isDemoDatabase } from "@/lib/settings/queries";
import type { SearchCriteria } from "@/lib/universities/criteria";
import { getUniversityPage, type UniversityWithPrograms } from "@/lib/universities/queries";
import { searchUniversities, type SearchOptions, type SearchPage } from "@/lib/universities/search";
import { isBuilding } from "./store";
import { SETTINGS, UNIVERSITY_LISTS, UNIVERSITY_PAGES, universitySlugTag, universityTag } from "./tags";

// What the public pages read, cached ('use cache') and tagged (./tags.ts), so that a page is
// rendered from the database once and then served from the cache until a write expires its tags.
// Nothing here depends on the visitor: the account menu is a client island
// (components/layout/account-menu.tsx).
//
// `next build` prerenders the pages without a database: during the build these answer empty
// placeholders, which the cache handlers never store or serve (lib/cache/incremental-handler.js),
// so every page is first rendered at run time, from the database the server runs with.

export async function cachedPlatformName(): Promise<string> {
  "use cache";
  cacheLife("public");
  cacheTag(SETTINGS);
  if (isBuilding()) return DEFAULT_PLATFORM_NAME;
  return getPlatformName();
}

export async function cachedIsDemoDatabase(): Promise<boolean> {
  "use cache";
  cacheLife("public");
  cacheTag(SETTINGS);
  if (isBuilding()) return false;
  return isDemoDatabase();
}

/** The country filter's choices: countries with live universities. */
export async function cachedCountries(): Promise<CountryWithCount[]> {
  "use cache";
  cacheLife("public");
  cacheTag(UNIVERSITY_LISTS);
  if (isBuilding()) return [];
  return listCountriesWithUniversities();
}

/**
 * A university's page data by slug, tagged with its id (its edits expire it) and its slug (a
 * university created or renamed to it replaces a "not found").
 */
export async function cachedUniversityPage(slug: string): Promise<UniversityWithPrograms | null> {
  "use cache";
  cacheTag(UNIVERSITY_PAGES, universitySlugTag(slug));
  if (isBuilding()) {
    cacheLife("public");
    return null;
  }
  const university = await getUniversityPage(slug);
  if (university) cacheTag(universityTag(university.id));
  // A failed program read is kept for seconds only: the next visitors get another try.
  if (university?.programsFailed) cacheLife("seconds");
  else cacheLife("public");
  return university;
}

/** A page of anonymous search results. */
export async function cachedSearch(criteria: SearchCriteria, options: SearchOptions): Promise<SearchPage> {
  "use cache";
  cacheLife("public");
  cacheTag(UNIVERSITY_LISTS);
  if (isBuilding()) return { items: [], total: 0 };
  return searchUniversities(criteria, options);
}
