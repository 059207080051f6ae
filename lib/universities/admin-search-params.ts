import { createLoader, createSerializer, parseAsInteger, parseAsString } from "nuqs/server";

// The query string of /admin/universities (?q=&page=), shared by the server page (parsing, page
// links) and the search box (nuqs hooks).

export const ADMIN_UNIVERSITIES_PAGE_SIZE = 20;

export const adminUniversitiesParsers = {
  /** Case-insensitive part of the university name. */
  q: parseAsString.withDefault(""),
  page: parseAsInteger.withDefault(1),
};

export const loadAdminUniversitiesParams = createLoader(adminUniversitiesParsers);
export const serializeAdminUniversitiesParams = createSerializer(adminUniversitiesParsers);
