"use server";

import { signOut } from "./auth";

/** The Sign Out buttons of the header and the sidebars. */
export async function signOutAction() {
  await signOut({ redirectTo: "/" });
}
