import { addPrivateNote, listPrivateNotes } from "@/lib/applications/notes.server";
import { created } from "@/lib/http/responses";
import { route } from "@/lib/http/route.server";
import { privateNoteSchema } from "@/lib/validation/application";
import { idParamsSchema } from "@/lib/validation/common";

// The team's private notes on an application: staff read and add them (403 on an application they
// submitted themselves, 404 for an unknown one). Students never reach them, here or elsewhere.

export const GET = route({
  auth: "admin",
  params: idParamsSchema,
  handle: ({ viewer, params }) => listPrivateNotes(viewer, params.id),
});

export const POST = route({
  auth: "admin",
  params: idParamsSchema,
  body: privateNoteSchema,
  handle: async ({ viewer, params, body }) => created(await addPrivateNote(viewer, params.id, body)),
});
