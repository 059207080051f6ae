import { createLoader, createSerializer } from "nuqs/server";
import { listParsers } from "@/lib/paging";

// The query string of /admin/universities (?q=&page=; q is part of the name), shared by the server
// page (parsing, page links) and the search box.

export const loadAdminUniversitiesParams = createLoader(listParsers);
export const serializeAdminUniversitiesParams = createSerializer(listParsers);
