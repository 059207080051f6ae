import {
  createLoader,
  createSerializer,
  parseAsInteger,
  parseAsString,
  parseAsStringLiteral,
} from "nuqs/server";
import { ROLE_FILTERS } from "@/lib/validation/users";

// The query string of /admin/users (?q=&role=&page=), shared by the server page (parsing, page
// links) and the filters (nuqs hooks). Unknown values fall back to the defaults.

export const ADMIN_USERS_PAGE_SIZE = 20;

export const adminUsersParsers = {
  /** Full name, e-mail or username. */
  q: parseAsString.withDefault(""),
  role: parseAsStringLiteral(ROLE_FILTERS).withDefault("all"),
  page: parseAsInteger.withDefault(1),
};

export const loadAdminUsersParams = createLoader(adminUsersParsers);
export const serializeAdminUsersParams = createSerializer(adminUsersParsers);
