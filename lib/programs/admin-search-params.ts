import { createLoader, createSerializer, parseAsString } from "nuqs/server";
import { listParsers } from "@/lib/paging";

// The query string of /admin/programs (?q=&level=&page=; q is a program or university name), shared
// by the server page (parsing, page links) and the filters. The levels are the database's list, so
// `level` is any text: one that is not in the list matches no program.

export const ALL_LEVELS = "all";

export const adminProgramsParsers = {
  ...listParsers,
  level: parseAsString.withDefault(ALL_LEVELS),
};

export const loadAdminProgramsParams = createLoader(adminProgramsParsers);
export const serializeAdminProgramsParams = createSerializer(adminProgramsParsers);
