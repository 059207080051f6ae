import { noContent } from "@/lib/http/responses";
import { currentSessionId } from "@/lib/auth/session.server";
import { route } from "@/lib/http/route.server";
import { readDisplayCurrencyCookie, writeDisplayCurrencyCookie } from "@/lib/money/display-cookie.server";
import { updateProfile } from "@/lib/users/accounts.server";
import { getUserWithDisplayCurrency } from "@/lib/users/display-currency.server";
import { deleteOwnAccount } from "@/lib/users/delete-account.server";
import { deleteAccountSchema, profileSchema } from "@/lib/validation/auth";

// GET /api/user -> the current user, or 401 when signed out (the client reads null). The header
// asks it on every page of a signed-in browser, so it also brings this browser's display-currency
// cookie in line with the currency chosen on the profile (chosen in another browser, say).
export const GET = route({
  auth: "user",
  handle: async ({ viewer }) => {
    const { user, displayCurrency } = await getUserWithDisplayCurrency(viewer.id);
    if (displayCurrency && displayCurrency !== (await readDisplayCurrencyCookie())) {
      await writeDisplayCurrencyCookie(displayCurrency);
    }
    return user;
  },
});

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
