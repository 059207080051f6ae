import { parseQuery, route } from "@/lib/http/route";
import { listPrograms } from "@/lib/programs/queries";
import { idSchema, pagingSchema } from "@/lib/validation/common";

const querySchema = pagingSchema.extend({ universityId: idSchema.optional() });

// SPEC §7: a JSON array of programs, optionally of one university; the total is in X-Total-Count.
export const GET = route(async (request) => {
  const { universityId, limit, offset } = parseQuery(request, querySchema);
  const page = await listPrograms({ universityId, limit, offset });
  return Response.json(page.items, {
    headers: { "X-Total-Count": String(page.total), "Access-Control-Expose-Headers": "X-Total-Count" },
  });
});
