"use server";

import { action, formText } from "@/lib/http/action.server";
import {
  FORGOT_PASSWORD_ANSWER,
  RESET_PASSWORD_DONE,
  forgotPassword,
  resetPassword,
} from "@/lib/users/accounts.server";
import {
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
} from "@/lib/validation/auth";
import { z } from "@/lib/validation/zod";
import { authCallbackPath, homeOf } from "./paths";
import { logIn, registerAndSignIn } from "./sign-in.server";
import { signOut } from "./auth.server";
import type { UserDto } from "@/lib/users/dto";

// The auth forms' one submission path (a secret never goes in a URL, so they post). Each form's
// action is one of these: sent before hydration or without JavaScript, the browser posts it and
// is redirected (303) or shown the page again with the API's message (useActionState); sent by
// the hydrated form, the same action answers with its state and the form navigates itself
// (components/forms/action-state.tsx). Each validates with the API's zod schema and calls the
// same domain code as the route handler; throttling is the same as the API's (the Credentials
// provider's for sign-in, and the domain calls' for registration and password-reset requests).

/** Where a signed-in user goes next: the form's callbackUrl when safe, else their home. */
const signedInAnswer = (user: UserDto, data: FormData) => ({
  redirectTo: authCallbackPath(formText(data, "callbackUrl")) ?? homeOf(user),
  result: { userId: user.id },
});

/** Where the auth page's forms return to (a hidden field): any text, authCallbackPath decides. */
const RETURN_TO = { callbackUrl: z.string().optional() };

/** POST /api/login's work; then the callbackUrl or the user's home. */
export const loginAction = action({
  name: "login",
  audience: "public",
  schema: loginSchema,
  reads: RETURN_TO,
  echo: ["username"],
  handle: async ({ input, data }) => signedInAnswer(await logIn(input), data),
});

/** POST /api/register's work (the new student is signed in); then the callbackUrl or their home. */
export const registerAction = action({
  name: "register",
  audience: "public",
  schema: registerSchema,
  reads: RETURN_TO,
  echo: ["fullName", "email", "username"],
  handle: async ({ input, data }) => signedInAnswer(await registerAndSignIn(input), data),
});

/** POST /api/password/forgot's work: the same answer whether or not the address has an account. */
export const forgotPasswordAction = action({
  name: "forgotPassword",
  audience: "public",
  schema: forgotPasswordSchema,
  echo: ["email"],
  handle: async ({ input }) => {
    await forgotPassword(input.email);
    return { message: FORGOT_PASSWORD_ANSWER };
  },
});

/** POST /api/password/reset's work. */
export const resetPasswordAction = action({
  name: "resetPassword",
  audience: "public",
  schema: resetPasswordSchema,
  handle: async ({ input }) => {
    await resetPassword(input.token, input.password);
    return { message: RESET_PASSWORD_DONE };
  },
});

/** The Sign Out buttons of the header and the sidebars; anyone may post it (signed out, it only goes home). */
export const signOutAction = action({
  name: "signOut",
  audience: "public",
  handle: async () => {
    await signOut({ redirectTo: "/" });
  },
});
