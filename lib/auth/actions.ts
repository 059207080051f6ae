"use server";

import { action } from "@/lib/http/action";
import { signOut } from "./auth";

/** The Sign Out buttons of the header and the sidebars; anyone may post it (signed out, it only goes home). */
export const signOutAction = action({
  name: "signOut",
  audience: "public",
  handle: async () => {
    await signOut({ redirectTo: "/" });
  },
});
