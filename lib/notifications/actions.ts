"use server";

import { action } from "@/lib/http/action.server";
import { noticePreferencesFormFields, noticePreferencesSchema } from "@/lib/validation/notifications";
import { NOTICES_SAVED, saveNoticePreferences } from "./preferences.server";

/**
 * The form of /admin/notifications (PUT /api/user/notifications's work, with its schema): the
 * staff member's choice per kind of event and the universities they handle, with or without
 * JavaScript. The page shows what was saved.
 */
export const saveNoticePreferencesAction = action({
  name: "saveNoticePreferences",
  audience: "admin",
  signInReturnTo: () => "/admin/notifications",
  schema: noticePreferencesSchema,
  fields: noticePreferencesFormFields,
  handle: async ({ viewer, input }) => {
    await saveNoticePreferences(viewer, input);
    return { message: NOTICES_SAVED };
  },
});
