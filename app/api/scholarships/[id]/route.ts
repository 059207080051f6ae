import { notFound } from "@/lib/http/errors";
import { noContent } from "@/lib/http/responses";
import { route } from "@/lib/http/route.server";
import {
  deleteScholarship,
  loadScholarshipUpdateSchema,
  SCHOLARSHIP_NOT_FOUND,
  updateScholarship,
} from "@/lib/scholarships/commands.server";
import { getScholarship } from "@/lib/scholarships/queries.server";
import { idParamsSchema } from "@/lib/validation/common";

/** A live scholarship; 404 for an archived one (or one of an archived university or program). */
export const GET = route({
  auth: "public",
  params: idParamsSchema,
  handle: async ({ params }) => {
    const scholarship = await getScholarship(params.id);
    if (!scholarship) throw notFound(SCHOLARSHIP_NOT_FOUND);
    return scholarship;
  },
});

// Replaces a scholarship's fields (admins who manage the catalogue), checked with the form's schema.
export const PATCH = route({
  auth: "admin",
  permission: "manage-catalogue",
  params: idParamsSchema,
  body: ({ params }: { params: { id: number } }) => loadScholarshipUpdateSchema(params.id),
  handle: ({ viewer, params, body }) => updateScholarship(viewer, params.id, body),
});

// Deletes a scholarship (admins who manage the catalogue): 204. One on students' shortlists is
// archived instead, with 200 `{ archived: true, shortlistsKept }`.
export const DELETE = route({
  auth: "admin",
  permission: "manage-catalogue",
  params: idParamsSchema,
  handle: async ({ viewer, params }) => {
    const outcome = await deleteScholarship(viewer, params.id);
    return outcome.archived ? outcome : noContent();
  },
});
