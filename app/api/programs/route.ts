import { created, paged } from "@/lib/http/responses";
import { route } from "@/lib/http/route.server";
import { createProgram, loadProgramSchema } from "@/lib/programs/commands.server";
import { listPrograms } from "@/lib/programs/queries.server";
import { programsListQuerySchema } from "@/lib/validation/program";

// A JSON array of programs, optionally of one university, searched by name and filtered
// by level; the total is in X-Total-Count.
export const GET = route({
  auth: "public",
  query: programsListQuerySchema,
  handle: async ({ query: { universityId, q, level, limit, offset } }) => {
    const search = q?.trim();
    return paged(
      await listPrograms({
        universityId,
        search: search || undefined,
        level: level && level !== "all" ? level : undefined,
        limit,
        offset,
      }),
    );
  },
});

// Creates a program (admins who manage the catalogue); the body is checked with the program form's schema.
export const POST = route({
  auth: "admin",
  permission: "manage-catalogue",
  body: () => loadProgramSchema(),
  handle: async ({ viewer, body }) => created(await createProgram(viewer, body)),
});
