import { createLoader, createSerializer, parseAsInteger, parseAsString } from "nuqs/server";

// The query string of /admin/programs (?q=&level=&page=), shared by the server page (parsing, page
// links) and the filters (nuqs hooks). The levels are the database's list, so `level` is any text:
// one that is not in the list matches no program.

export const ADMIN_PROGRAMS_PAGE_SIZE = 20;
export const ALL_LEVELS = "all";

export const adminProgramsParsers = {
  /** Program name or university name. */
  q: parseAsString.withDefault(""),
  level: parseAsString.withDefault(ALL_LEVELS),
  page: parseAsInteger.withDefault(1),
};

export const loadAdminProgramsParams = createLoader(adminProgramsParsers);
export const serializeAdminProgramsParams = createSerializer(adminProgramsParsers);
