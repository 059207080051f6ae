import {
  createLoader,
  createSerializer,
  parseAsInteger,
  parseAsString,
  parseAsStringLiteral,
} from "nuqs/server";
import { APPLICATION_STATUSES } from "./status";

// The query string of /admin/applications (?q=&status=&page=), shared by the server page (parsing,
// page links) and the filters (nuqs hooks). Unknown values fall back to the defaults.

export const ADMIN_APPLICATIONS_PAGE_SIZE = 20;

export const STATUS_FILTERS = ["all", ...APPLICATION_STATUSES] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export const adminApplicationsParsers = {
  /** Student full name or program name. */
  q: parseAsString.withDefault(""),
  status: parseAsStringLiteral(STATUS_FILTERS).withDefault("all"),
  page: parseAsInteger.withDefault(1),
};

export const loadAdminApplicationsParams = createLoader(adminApplicationsParsers);
export const serializeAdminApplicationsParams = createSerializer(adminApplicationsParsers);
