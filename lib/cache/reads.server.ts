import "server-only";
import { unstable_cache } from "next/cache";
import {
  listCountries,
  listCountriesWithUniversities,
  type CountryDto,
  type CountryWithCount,
} from "@/lib/countries/queries.server";
import {
  DEFAULT_PLATFORM_NAME,
  getPlatformName,
  isDemoDatabase,
  listStudyFields,
  listStudyLevels,
} from "@/lib/settings/queries.server";
import type { SearchCriteria } from "@/lib/universities/criteria";
import {
  getUniversityById,
  getUniversityPage,
  type UniversityWithPrograms,
} from "@/lib/universities/queries.server";
import { searchUniversities, type SearchOptions, type SearchPage } from "@/lib/universities/search.server";
import type { Rates } from "@/lib/money/convert";
import { latestRates } from "@/lib/rates/queries.server";
import type { ScholarshipSearchCriteria } from "@/lib/scholarships/criteria";
import {
  listScholarshipsOfUniversity,
  searchScholarships,
  type ScholarshipDto,
} from "@/lib/scholarships/queries.server";
import type { ScholarshipSort } from "@/lib/scholarships/search-params";
import { isBuilding } from "./store";
import {
  RATES,
  SCHOLARSHIP_LISTS,
  SETTINGS,
  STUDY_LISTS,
  UNIVERSITY_LISTS,
  UNIVERSITY_PAGES,
  universitySlugTag,
} from "./tags.server";

// What the public pages read, cached and tagged (./tags.ts): read from the database once, then
// from the cache (lib/cache/store.js) until a write expires a tag, or after a minute (the time a
// CDN may keep a page too). Nothing here depends on the visitor: the account menu is a client
// island (components/layout/account-menu.tsx), so the pages that read these are the same for all.
//
// `next build` prerenders the static pages without a database: during the build these answer
// empty placeholders, which the cache handler never stores or serves
// (lib/cache/incremental-handler.js), so every page is first rendered at run time, from the
// database the server runs with.

/** Seconds before a cached read is refreshed in the background, whatever the tags say. */
const REVALIDATE_SECONDS = 60;

/**
 * `read`, cached under `key` with `tags`, or `placeholder` while `next build` runs. Outside the
 * Next server (scripts, Jest) there is no cache to read from: the database answers directly.
 */
function cached<A extends unknown[], R>(
  key: string,
  tags: (...args: A) => string[],
  placeholder: R,
  read: (...args: A) => Promise<R>,
) {
  return (...args: A): Promise<R> => {
    if (isBuilding()) return Promise.resolve(placeholder);
    if (!process.env.NEXT_RUNTIME) return read(...args);
    return unstable_cache(read, [key], { tags: tags(...args), revalidate: REVALIDATE_SECONDS })(...args);
  };
}

export const cachedPlatformName = cached(
  "platform-name",
  () => [SETTINGS],
  DEFAULT_PLATFORM_NAME,
  () => getPlatformName(),
);

export const cachedIsDemoDatabase = cached(
  "demo-data",
  () => [SETTINGS],
  false,
  () => isDemoDatabase(),
);

/** The study levels and fields, in display order: the program search's filter choices. */
export const cachedStudyLists = cached(
  "study-lists",
  () => [STUDY_LISTS],
  { levels: [] as string[], fields: [] as string[] },
  async () => {
    const [levels, fields] = await Promise.all([listStudyLevels(), listStudyFields()]);
    return { levels, fields };
  },
);

/** The latest exchange rates: what every public page's approximations convert with. */
export const cachedRates = cached<[], Rates>(
  "exchange-rates",
  () => [RATES],
  {},
  () => latestRates(),
);

/** The country filter's choices: countries with live universities. */
export const cachedCountries = cached<[], CountryWithCount[]>(
  "countries",
  () => [UNIVERSITY_LISTS],
  [],
  () => listCountriesWithUniversities(),
);

/** A page that could not read its programs: shown, but not kept (the next visitor tries again). */
class ProgramsUnavailable extends Error {
  constructor(readonly page: UniversityWithPrograms) {
    super("the university's programs could not be read");
  }
}

const universityPage = cached<[string], UniversityWithPrograms | null>(
  "university-page",
  (slug) => [UNIVERSITY_PAGES, universitySlugTag(slug)],
  null,
  async (slug) => {
    const university = await getUniversityPage(slug);
    if (university?.programsFailed) throw new ProgramsUnavailable(university);
    return university;
  },
);

/** A university's page data, tagged with its address: its writes expire that (./tags.ts). */
export async function cachedUniversityPage(slug: string): Promise<UniversityWithPrograms | null> {
  try {
    const page = await universityPage(slug);
    // The cache keeps JSON: its dates come back as strings.
    return (
      page && {
        ...page,
        updatedAt: new Date(page.updatedAt),
        programs: page.programs.map((program) => ({ ...program, deadline: new Date(program.deadline) })),
      }
    );
  } catch (error) {
    if (error instanceof ProgramsUnavailable) return error.page;
    throw error;
  }
}

/** A page of search results: the same for every visitor (the search page, GET /api/universities). */
export const cachedSearch = cached<[SearchCriteria, SearchOptions], SearchPage>(
  "university-search",
  () => [UNIVERSITY_LISTS],
  { items: [], total: 0 },
  (criteria, options) => searchUniversities(criteria, options),
);

/**
 * A page of the scholarship search: the same for every visitor (the search page, GET
 * /api/scholarships). Its cards name each scholarship's university, so a university's change expires
 * it too. Whether a deadline has passed is judged when the page is read (within the minute a
 * cached read lasts).
 */
export const cachedScholarshipSearch = cached<
  [ScholarshipSearchCriteria, { sort: ScholarshipSort; limit: number; offset: number }],
  { items: ScholarshipDto[]; total: number }
>(
  "scholarship-search",
  () => [SCHOLARSHIP_LISTS, UNIVERSITY_LISTS],
  { items: [], total: 0 },
  (criteria, options) => searchScholarships(criteria, options),
);

/**
 * The scholarships on a university's page (its own and its programs'), tagged with the page's
 * address: a scholarship's write expires it (./tags.ts).
 */
export const cachedUniversityScholarships = cached<[universityId: number, slug: string], ScholarshipDto[]>(
  "university-scholarships",
  (_universityId, slug) => [UNIVERSITY_PAGES, universitySlugTag(slug)],
  [],
  (universityId) => listScholarshipsOfUniversity(universityId),
);

/** Every country, by name: the nationality filter's choices (the list never changes after the seed). */
export const cachedAllCountries = cached<[], CountryDto[]>(
  "all-countries",
  () => [SETTINGS],
  [],
  () => listCountries(),
);

/** A live university's name, or null: what a search narrowed to it (?university=) calls it. */
export const cachedUniversityName = cached<[number], string | null>(
  "university-name",
  () => [UNIVERSITY_LISTS],
  null,
  async (id) => (await getUniversityById(id))?.name ?? null,
);
