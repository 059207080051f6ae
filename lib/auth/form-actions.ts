"use server";

import { redirect } from "next/navigation";
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
import { assertStorableForm } from "@/lib/http/route";
import { formFailure, formText } from "./form-answers";
import type { FormState } from "./form-state";
import { authCallbackPath, homeOf } from "./paths";
import { logIn, registerAndSignIn } from "./sign-in";

// The auth forms post (issue 11 §6: a secret never goes in a URL). Each form's action is one of
// these server actions, so a form sent before hydration, or without JavaScript, is a POST to the
// page that Next runs here: it validates with the API's zod schema, calls the same domain code
// as the route handler, and either redirects (303) or re-renders the page with the API's message
// (useActionState). Once the page is interactive the forms call the JSON API instead (their
// onSubmit prevents the native submission) and these are not used. Next refuses a server action
// whose Origin is another host; throttling is the same as the API's (the Credentials provider's
// for sign-in, and the domain calls' for registration and password-reset requests).

/** POST /api/login's work; then the callbackUrl or the user's home. */
export async function loginAction(_previous: FormState, data: FormData): Promise<FormState> {
  const username = formText(data, "username") ?? "";
  let target: string;
  try {
    assertStorableForm(data);
    const user = await logIn(loginSchema.parse({ username, password: formText(data, "password") }));
    target = authCallbackPath(formText(data, "callbackUrl")) ?? homeOf(user);
  } catch (error) {
    return formFailure(error, { username });
  }
  redirect(target);
}

/** POST /api/register's work (the new student is signed in); then the callbackUrl or their home. */
export async function registerAction(_previous: FormState, data: FormData): Promise<FormState> {
  const values = {
    fullName: formText(data, "fullName") ?? "",
    email: formText(data, "email") ?? "",
    username: formText(data, "username") ?? "",
  };
  let target: string;
  try {
    assertStorableForm(data);
    const input = registerSchema.parse({
      ...values,
      password: formText(data, "password"),
      confirmPassword: formText(data, "confirmPassword"),
    });
    const user = await registerAndSignIn(input);
    target = authCallbackPath(formText(data, "callbackUrl")) ?? homeOf(user);
  } catch (error) {
    return formFailure(error, values);
  }
  redirect(target);
}

/** POST /api/password/forgot's work: the same answer whether or not the address has an account. */
export async function forgotPasswordAction(_previous: FormState, data: FormData): Promise<FormState> {
  const email = formText(data, "email") ?? "";
  try {
    assertStorableForm(data);
    await forgotPassword(forgotPasswordSchema.parse({ email }).email);
    return { message: FORGOT_PASSWORD_ANSWER };
  } catch (error) {
    return formFailure(error, { email });
  }
}

/** POST /api/password/reset's work. */
export async function resetPasswordAction(_previous: FormState, data: FormData): Promise<FormState> {
  try {
    assertStorableForm(data);
    const input = resetPasswordSchema.parse({
      token: formText(data, "token"),
      password: formText(data, "password"),
      confirmPassword: formText(data, "confirmPassword"),
    });
    await resetPassword(input.token, input.password);
    return { message: RESET_PASSWORD_DONE };
  } catch (error) {
    return formFailure(error);
  }
}
