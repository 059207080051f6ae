import { route } from "@/lib/http/route.server";
import { getNoticePreferences, saveNoticePreferences } from "@/lib/notifications/preferences.server";
import { noticePreferencesSchema } from "@/lib/validation/notifications";

// The signed-in staff member's e-mail notices (/admin/notifications): staff only.
// GET: { choices: { newSubmission, requestAnswered, offerReply, overdue } (each "off", "immediate"
// or "digest"; the defaults until saved), universities: [{ id, name, country }] (those they
// handle), saved }.
export const GET = route({
  auth: "admin",
  handle: ({ viewer }) => getNoticePreferences(viewer.id),
});

// PUT: { newSubmission, requestAnswered, offerReply, overdue, universityIds } replaces them all
// (universityIds: at most 200 ids; 400 on universityIds for one no university has). Answers as GET.
export const PUT = route({
  auth: "admin",
  body: noticePreferencesSchema,
  handle: ({ viewer, body }) => saveNoticePreferences(viewer, body),
});
