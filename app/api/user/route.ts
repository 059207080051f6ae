import { noContent } from "@/lib/http/responses";
import { currentSessionId } from "@/lib/auth/session.server";
import { route } from "@/lib/http/route.server";
import { getUserDto, updateProfile } from "@/lib/users/accounts.server";
import { deleteOwnAccount } from "@/lib/users/delete-account.server";
import { deleteAccountSchema, profileSchema } from "@/lib/validation/auth";

// GET /api/user -> the current user, or 401 when signed out (the client reads null).
export const GET = route({ auth: "user", handle: ({ viewer }) => getUserDto(viewer.id) });

/** The profile page: full name and e-mail (a new e-mail needs `currentPassword` and ends the other sessions). */
export const PATCH = route({
  auth: "user",
  body: profileSchema,
  handle: async ({ viewer, body }) => updateProfile(viewer.id, body, await currentSessionId()),
});

/** A student deletes their own account, with its applications; the session ends with it. */
export const DELETE = route({
  auth: "user",
  body: deleteAccountSchema,
  handle: async ({ viewer, body }) => {
    await deleteOwnAccount(viewer, body);
    return noContent();
  },
});
