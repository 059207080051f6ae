import { notFound } from "@/lib/http/errors";
import { noContent } from "@/lib/http/responses";
import { route } from "@/lib/http/route.server";
import { deleteUniversity, updateUniversity } from "@/lib/universities/commands.server";
import { getUniversityById } from "@/lib/universities/queries.server";
import { idParamsSchema } from "@/lib/validation/common";
import { universitySchema } from "@/lib/validation/university";

export const GET = route({
  auth: "public",
  params: idParamsSchema,
  handle: async ({ params }) => {
    const university = await getUniversityById(params.id);
    if (!university) throw notFound("University not found");
    return university;
  },
});

/** Admins who manage the catalogue change a university (the University form's values); the slug follows a new name. */
export const PATCH = route({
  auth: "admin",
  permission: "manage-catalogue",
  params: idParamsSchema,
  body: universitySchema,
  handle: ({ viewer, params, body }) => updateUniversity(viewer, params.id, body),
});

/**
 * Admins who manage the catalogue delete a university nobody applied to (204), with its programs. One with applications
 * is archived instead, with its programs: 200 `{ archived: true, applicationsKept }`.
 */
export const DELETE = route({
  auth: "admin",
  permission: "manage-catalogue",
  params: idParamsSchema,
  handle: async ({ viewer, params }) => {
    const outcome = await deleteUniversity(viewer, params.id);
    return outcome.archived ? outcome : noContent();
  },
});
