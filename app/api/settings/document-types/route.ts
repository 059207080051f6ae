import { created } from "@/lib/http/responses";
import { route } from "@/lib/http/route.server";
import { addDocumentType, listDocumentTypes } from "@/lib/settings/document-types.server";
import { documentTypeSchema } from "@/lib/validation/documents";

// The document types programs ask for (Settings, Programs tab), super admins only.
// GET [{ id, name, position, fileTypes, maxBytes, programs }]; POST { name, fileTypes, maxMegabytes }:
// 201, or 409 when a type has that name.

export const GET = route({ auth: "superAdmin", handle: () => listDocumentTypes() });

export const POST = route({
  auth: "superAdmin",
  body: documentTypeSchema,
  handle: async ({ viewer, body }) => created(await addDocumentType(viewer, body)),
});
