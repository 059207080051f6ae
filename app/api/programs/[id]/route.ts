import { requireRole } from "@/lib/auth/session";
import { notFound } from "@/lib/http/errors";
import { parseJson, parseParams, route } from "@/lib/http/route";
import {
  currentDeadlineOf,
  deleteProgram,
  loadProgramSchema,
  PROGRAM_NOT_FOUND,
  updateProgram,
} from "@/lib/programs/commands";
import { getProgram } from "@/lib/programs/queries";
import { idParamsSchema } from "@/lib/validation/common";

export const GET = route<{ id: string }>(async (_request, context) => {
  const { id } = await parseParams(context, idParamsSchema);
  const program = await getProgram(id);
  if (!program) throw notFound(PROGRAM_NOT_FOUND);
  return Response.json(program);
});

// SPEC §7: replaces a program's fields (admins only), checked with the program form's schema.
export const PATCH = route<{ id: string }>(async (request, context) => {
  const { id } = await parseParams(context, idParamsSchema);
  await requireRole("admin");
  const currentDeadline = await currentDeadlineOf(id);
  if (!currentDeadline) throw notFound(PROGRAM_NOT_FOUND);
  const input = await parseJson(request, await loadProgramSchema({ currentDeadline }));
  return Response.json(await updateProgram(id, input));
});

// SPEC §7: deletes a program and its applications (admins only).
export const DELETE = route<{ id: string }>(async (_request, context) => {
  const { id } = await parseParams(context, idParamsSchema);
  await requireRole("admin");
  await deleteProgram(id);
  return new Response(null, { status: 204 });
});
