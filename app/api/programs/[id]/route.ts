import { notFound } from "@/lib/http/errors";
import { parseParams, route } from "@/lib/http/route";
import { getProgram } from "@/lib/programs/queries";
import { idParamsSchema } from "@/lib/validation/common";

export const GET = route<{ id: string }>(async (_request, context) => {
  const { id } = await parseParams(context, idParamsSchema);
  const program = await getProgram(id);
  if (!program) throw notFound("Program not found");
  return Response.json(program);
});
