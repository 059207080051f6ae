import { createLoader, createSerializer, parseAsStringLiteral } from "nuqs/server";
import { listParsers } from "@/lib/paging";
import { ROLE_FILTERS } from "@/lib/validation/users";

// The query string of /admin/users (?q=&role=&page=; q is a full name, e-mail or username), shared
// by the server page (parsing, page links) and the filters. Unknown values fall back to the defaults.

export const adminUsersParsers = {
  ...listParsers,
  role: parseAsStringLiteral(ROLE_FILTERS).withDefault("all"),
};

export const loadAdminUsersParams = createLoader(adminUsersParsers);
export const serializeAdminUsersParams = createSerializer(adminUsersParsers);
