"use server";

import { redirect } from "next/navigation";
import { signOut } from "@/lib/auth/auth";
import { action } from "@/lib/http/action";
import { deleteAccountSchema } from "@/lib/validation/auth";
import { deleteOwnAccount } from "./delete-account";

/**
 * The profile's Delete account form: DELETE /api/user's work, then the cookie is cleared and the
 * visitor lands on the home page. Posted before hydration or without JavaScript; once the page is
 * interactive the form confirms in a dialog and calls the API.
 */
export const deleteAccountAction = action({
  name: "deleteAccount",
  audience: "user",
  signInReturnTo: () => "/user/profile",
  schema: deleteAccountSchema,
  handle: async ({ viewer, input }) => {
    await deleteOwnAccount(viewer, input);
    await signOut({ redirect: false });
    redirect("/auth?account=deleted");
  },
});
