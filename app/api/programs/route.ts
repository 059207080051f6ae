import { requireRole } from "@/lib/auth/session";
import { parseJson, parseQuery, route } from "@/lib/http/route";
import { createProgram, loadProgramSchema } from "@/lib/programs/commands";
import { listPrograms } from "@/lib/programs/queries";
import { idSchema, pagingSchema } from "@/lib/validation/common";
import { z } from "zod";

const querySchema = pagingSchema.extend({
  universityId: idSchema.optional(),
  /** Program name or university name (case-insensitive substring). */
  q: z.string().max(200, "q must be at most 200 characters").optional(),
  /** A study level ("Master's"); programs store its name. */
  level: z.string().max(100, "level must be at most 100 characters").optional(),
});

// SPEC §7: a JSON array of programs, optionally of one university, searched by name and filtered
// by level; the total is in X-Total-Count.
export const GET = route(async (request) => {
  const { universityId, q, level, limit, offset } = parseQuery(request, querySchema);
  const search = q?.trim();
  const page = await listPrograms({
    universityId,
    search: search || undefined,
    level: level && level !== "all" ? level : undefined,
    limit,
    offset,
  });
  return Response.json(page.items, {
    headers: { "X-Total-Count": String(page.total), "Access-Control-Expose-Headers": "X-Total-Count" },
  });
});

// SPEC §7: creates a program (admins only); the body is checked with the program form's schema.
export const POST = route(async (request) => {
  await requireRole("admin");
  const input = await parseJson(request, await loadProgramSchema());
  return Response.json(await createProgram(input), { status: 201 });
});
