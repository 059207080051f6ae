import { createLoader, createSerializer, parseAsStringLiteral } from "nuqs/server";
import { listParsers } from "@/lib/paging";
import { APPLICATION_STATUSES } from "./status";

// The query string of /admin/applications (?q=&status=&page=; q is a student's full name or a
// program name), shared by the server page (parsing, page links) and the filters. Unknown values
// fall back to the defaults.

export const STATUS_FILTERS = ["all", ...APPLICATION_STATUSES] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export const adminApplicationsParsers = {
  ...listParsers,
  status: parseAsStringLiteral(STATUS_FILTERS).withDefault("all"),
};

export const loadAdminApplicationsParams = createLoader(adminApplicationsParsers);
export const serializeAdminApplicationsParams = createSerializer(adminApplicationsParsers);
