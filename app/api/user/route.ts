import { noContent } from "@/lib/http/responses";
import { route } from "@/lib/http/route";
import { getUserDto, updateProfile } from "@/lib/users/accounts";
import { deleteOwnAccount } from "@/lib/users/delete-account";
import { deleteAccountSchema, profileSchema } from "@/lib/validation/auth";

// SPEC §7: GET /api/user -> the current user, or 401 when signed out (the client reads null).
export const GET = route({ auth: "user", handle: ({ viewer }) => getUserDto(viewer.id) });

/** The profile page: full name and e-mail. */
export const PATCH = route({
  auth: "user",
  body: profileSchema,
  handle: ({ viewer, body }) => updateProfile(viewer.id, body),
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
