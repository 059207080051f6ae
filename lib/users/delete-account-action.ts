"use server";

import { redirect, unstable_rethrow } from "next/navigation";
import { signOut } from "@/lib/auth/auth";
import type { FormState } from "@/lib/auth/form-state";
import { viewerOrSignIn } from "@/lib/auth/session";
import { assertStorableForm, errorAnswer } from "@/lib/http/route";
import { deleteAccountSchema } from "@/lib/validation/auth";
import { deleteOwnAccount } from "./delete-account";

/**
 * The profile's Delete account form: DELETE /api/user's work, then the cookie is cleared and the
 * visitor lands on the home page. Posted before hydration or without JavaScript; once the page is
 * interactive the form confirms in a dialog and calls the API.
 */
export async function deleteAccountAction(_previous: FormState, data: FormData): Promise<FormState> {
  const viewer = await viewerOrSignIn("/user/profile");
  const password = data.get("currentPassword");
  try {
    assertStorableForm(data);
    await deleteOwnAccount(
      viewer,
      deleteAccountSchema.parse({ currentPassword: typeof password === "string" ? password : undefined }),
    );
  } catch (error) {
    unstable_rethrow(error);
    const { status, body } = errorAnswer(error);
    return { status, error: body.error, fieldErrors: body.fieldErrors };
  }
  await signOut({ redirect: false });
  redirect("/auth?account=deleted");
}
