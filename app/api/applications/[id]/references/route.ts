import { nameReferee } from "@/lib/references/commands.server";
import { listReferences } from "@/lib/references/queries.server";
import { created } from "@/lib/http/responses";
import { route } from "@/lib/http/route.server";
import { idParamsSchema } from "@/lib/validation/common";
import { refereeSchema } from "@/lib/validation/references";

/**
 * An application's references. GET: for its student (the words of those they did not waive) and
 * staff (everything); 404 for anyone else. POST: the student names a referee, who is e-mailed a
 * link at once; 404 for another's application, 409 once the program's number of referees are
 * named, for the same referee twice, or on a closed application.
 */
export const GET = route({
  auth: "user",
  params: idParamsSchema,
  handle: ({ viewer, params }) => listReferences(viewer, params.id),
});

export const POST = route({
  auth: "user",
  params: idParamsSchema,
  body: refereeSchema,
  handle: async ({ viewer, params, body }) => {
    const reference = await nameReferee(viewer, params.id, body);
    return created(reference, `/api/applications/${params.id}/references`);
  },
});
