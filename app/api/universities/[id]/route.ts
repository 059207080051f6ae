import { notFound } from "@/lib/http/errors";
import { noContent } from "@/lib/http/responses";
import { route } from "@/lib/http/route";
import { deleteUniversity, removeUnusedImages, updateUniversity } from "@/lib/universities/commands";
import { getUniversityById } from "@/lib/universities/queries";
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

/** Admins change a university (the University form's values); the slug follows a new name. */
export const PATCH = route({
  auth: "admin",
  params: idParamsSchema,
  body: universitySchema,
  handle: async ({ viewer, params, body }) => {
    const { university, droppedImages } = await updateUniversity(viewer, params.id, body);
    // Best effort, after the change is saved: never fails the request.
    await removeUnusedImages(droppedImages);
    return university;
  },
});

/**
 * Admins delete a university nobody applied to (204), with its programs. One with applications
 * is archived instead, with its programs (issue 11 §1): 200 `{ archived: true, applicationsKept }`.
 */
export const DELETE = route({
  auth: "admin",
  params: idParamsSchema,
  handle: async ({ viewer, params }) => {
    const { droppedImages, ...outcome } = await deleteUniversity(viewer, params.id);
    if (outcome.archived) return outcome;
    await removeUnusedImages(droppedImages);
    return noContent();
  },
});
