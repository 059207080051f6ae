import { listCountries } from "@/lib/countries/queries.server";
import { route } from "@/lib/http/route.server";

export const GET = route({
  auth: "public",
  handle: async () =>
    Response.json(await listCountries(), {
      // The ISO list changes rarely; let browsers and CDNs keep it for a while.
      headers: { "Cache-Control": "public, max-age=300, s-maxage=3600, stale-while-revalidate=86400" },
    }),
});
