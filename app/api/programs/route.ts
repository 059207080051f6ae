import { requireRole } from "@/lib/auth/session";
import { parseJson, parseQuery, route } from "@/lib/http/route";
import { createProgram, loadProgramSchema } from "@/lib/programs/commands";
import { listPrograms } from "@/lib/programs/queries";
import { programsListQuerySchema } from "@/lib/validation/program";

// SPEC §7: a JSON array of programs, optionally of one university, searched by name and filtered
// by level; the total is in X-Total-Count.
export const GET = route(async (request) => {
  const { universityId, q, level, limit, offset } = parseQuery(request, programsListQuerySchema);
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
