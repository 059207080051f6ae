import { notFound } from "@/lib/http/errors";
import { noContent } from "@/lib/http/responses";
import { route } from "@/lib/http/route.server";
import {
  deleteProgram,
  loadProgramUpdateSchema,
  PROGRAM_NOT_FOUND,
  updateProgram,
} from "@/lib/programs/commands.server";
import { getProgram } from "@/lib/programs/queries.server";
import { idParamsSchema } from "@/lib/validation/common";

export const GET = route({
  auth: "public",
  params: idParamsSchema,
  handle: async ({ params }) => {
    const program = await getProgram(params.id);
    if (!program) throw notFound(PROGRAM_NOT_FOUND);
    return program;
  },
});

// Replaces a program's fields (admins who manage the catalogue), checked with the program form's schema.
export const PATCH = route({
  auth: "admin",
  permission: "manage-catalogue",
  params: idParamsSchema,
  body: ({ params }: { params: { id: number } }) => loadProgramUpdateSchema(params.id),
  handle: ({ viewer, params, body }) => updateProgram(viewer, params.id, body),
});

// Deletes a program (admins who manage the catalogue): 204. One with applications is archived instead
// with 200 `{ archived: true, applicationsKept }`, the applications intact.
export const DELETE = route({
  auth: "admin",
  permission: "manage-catalogue",
  params: idParamsSchema,
  handle: async ({ viewer, params }) => {
    const outcome = await deleteProgram(viewer, params.id);
    return outcome.archived ? outcome : noContent();
  },
});
