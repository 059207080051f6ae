"use server";

import { redirect } from "next/navigation";
import { action, formText } from "@/lib/http/action";
import {
  FORGOT_PASSWORD_ANSWER,
  RESET_PASSWORD_DONE,
  forgotPassword,
  resetPassword,
} from "@/lib/users/accounts";
import {
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
} from "@/lib/validation/auth";
import { z } from "@/lib/validation/zod";
import { authCallbackPath, homeOf } from "./paths";
import { logIn, registerAndSignIn } from "./sign-in";
import { signOut } from "./auth";

// The auth forms post (a secret never goes in a URL). Each form's action is one of these server
// actions, so a form sent before hydration, or without JavaScript, is a POST to the page that
// Next runs here: it validates with the API's zod schema, calls the same domain code as the route
// handler, and either redirects (303) or re-renders the page with the API's message
// (useActionState). Once the page is interactive the forms call the JSON API instead (their
// onSubmit prevents the native submission) and these are not used. Throttling is the same as the
// API's (the Credentials provider's for sign-in, and the domain calls' for registration and
// password-reset requests).

/** Where the auth page's forms return to (a hidden field): any text, authCallbackPath decides. */
const RETURN_TO = { callbackUrl: z.string().optional() };

/** POST /api/login's work; then the callbackUrl or the user's home. */
export const loginAction = action({
  name: "login",
  audience: "public",
  schema: loginSchema,
  reads: RETURN_TO,
  echo: ["username"],
  handle: async ({ input, data }) => {
    const user = await logIn(input);
    redirect(authCallbackPath(formText(data, "callbackUrl")) ?? homeOf(user));
  },
});

/** POST /api/register's work (the new student is signed in); then the callbackUrl or their home. */
export const registerAction = action({
  name: "register",
  audience: "public",
  schema: registerSchema,
  reads: RETURN_TO,
  echo: ["fullName", "email", "username"],
  handle: async ({ input, data }) => {
    const user = await registerAndSignIn(input);
    redirect(authCallbackPath(formText(data, "callbackUrl")) ?? homeOf(user));
  },
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
