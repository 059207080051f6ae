import "server-only";
import { createHash } from "node:crypto";
import { revalidateTag } from "next/cache";
import { prisma } from "@/lib/db/client.server";
import { afterCommit } from "@/lib/db/after-commit.server";
import { cacheStore } from "./store";

// The cache tags of the public pages' data (lib/cache/reads.server.ts) and the one way writes expire
// them. Every admin write expires exactly what it changed:
//   a university or its programs   -> universitySlugTag(its address) and UNIVERSITY_LISTS
//   settings (platform name)       -> SETTINGS
//   a study level or field          -> STUDY_LISTS
//   an import, data:update         -> UNIVERSITY_LISTS and UNIVERSITY_PAGES
//   a scholarship                  -> SCHOLARSHIP_LISTS and universitySlugTag(its university's)
//   a scholarship import           -> SCHOLARSHIP_LISTS and UNIVERSITY_PAGES
//   exchange rates loaded          -> RATES
// Writes call these after their commit, so each is best effort: a failure is logged and never
// thrown, since the write is saved whatever happens here (lib/db/after-commit.server.ts).

/** The platform name and the demo-data flag, which every page shows. */
export const SETTINGS = "settings";
/** The study levels and fields: both searches' filters, the university pages' tabs (levels). */
export const STUDY_LISTS = "study-lists";
/** The latest exchange rates, which every public page passes to its amounts' approximations. */
export const RATES = "exchange-rates";
/** Anything that lists universities: search results, the country choices and counts, the sitemap. */
export const UNIVERSITY_LISTS = "university-lists";
/**
 * The scholarship search's results. They show each scholarship's university, so the search's read
 * carries UNIVERSITY_LISTS too: a university renamed or archived expires it.
 */
export const SCHOLARSHIP_LISTS = "scholarship-lists";
/** Every university page at once, for changes that reach many of them (an import). */
export const UNIVERSITY_PAGES = "university-pages";
/** Next ignores a longer tag (with a warning), so a page read under it could never be expired. */
const TAG_MAX_LENGTH = 256;

/**
 * What /university/{slug} shows: a university's details and programs, or that there is none. (A
 * colon, which no slug has, keeps it apart from the tags above.) An address too long for a tag (no
 * university has one, but anyone can ask for one) is tagged by its SHA-256 instead, after a `#`
 * that no slug has either.
 */
export function universitySlugTag(slug: string): string {
  const tag = `university:${slug}`;
  if (tag.length <= TAG_MAX_LENGTH) return tag;
  return `university#${createHash("sha256").update(slug).digest("hex")}`;
}

/** A university was created, edited, archived, restored or deleted (at this address). */
export function universityChanged(university: { slug: string }): Promise<void> {
  return expireTags(universitySlugTag(university.slug), UNIVERSITY_LISTS);
}

/** Programs of these universities were created, edited, archived, restored or deleted. */
export function programsChanged(universityIds: readonly number[]): Promise<void> {
  return afterCommit("expiring the cached pages of changed programs", async () => {
    const universities = await prisma.university.findMany({
      where: { id: { in: [...new Set(universityIds)] } },
      select: { slug: true },
    });
    await expireTags(...universities.map(({ slug }) => universitySlugTag(slug)), UNIVERSITY_LISTS);
  });
}

/**
 * Scholarships of these universities (their own, or their programs') were created, edited,
 * archived, restored or deleted; a scholarship of no university changes the search alone.
 */
export function scholarshipsChanged(universityIds: readonly number[]): Promise<void> {
  return afterCommit("expiring the cached pages of changed scholarships", async () => {
    const universities = universityIds.length
      ? await prisma.university.findMany({
          where: { id: { in: [...new Set(universityIds)] } },
          select: { slug: true },
        })
      : [];
    await expireTags(...universities.map(({ slug }) => universitySlugTag(slug)), SCHOLARSHIP_LISTS);
  });
}

/** Many scholarships at once (an import): the search and every university page. */
export function scholarshipCatalogueChanged(): Promise<void> {
  return expireTags(SCHOLARSHIP_LISTS, UNIVERSITY_PAGES);
}

/** Many universities or programs at once (an import, data:update): every list and every page. */
export function catalogueChanged(): Promise<void> {
  return expireTags(UNIVERSITY_LISTS, UNIVERSITY_PAGES);
}

/**
 * Expires the tags at once: the next request to a page that shows them renders it again, on every
 * app server (the store is shared with REDIS_URL). Awaited before the write's response, so the
 * editor's next page view already shows the change. Outside Next (npm run import, data:update) it
 * reaches the servers through the shared store; without REDIS_URL their own memory refreshes the
 * pages within their revalidate time (a minute: ./reads.ts).
 */
export function expireTags(...tags: string[]): Promise<void> {
  const unique = [...new Set(tags)];
  return afterCommit(`expiring the cache tags ${unique.join(", ")}`, async () => {
    if (process.env.NEXT_RUNTIME) {
      for (const tag of unique) revalidateTag(tag, { expire: 0 });
    }
    await cacheStore().expireTags(unique, Date.now());
  });
}
