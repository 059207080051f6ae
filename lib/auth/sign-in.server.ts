import "server-only";
import { logger } from "@/lib/log.server";
import { AuthError } from "next-auth";
import { ACCOUNT_INACTIVE, INVALID_CREDENTIALS } from "./credentials.server";
import { isDatabaseUnavailable } from "@/lib/db/errors.server";
import { HttpError, serviceUnavailable, tooManyRequests, unauthorized } from "@/lib/http/errors";
import { getUserDtoByUsername, registerUser, sendEmailVerification } from "@/lib/users/accounts.server";
import type { UserDto } from "@/lib/users/dto";
import type { LoginInput, RegisterInput } from "@/lib/validation/auth";
import { LoginRefused, signIn } from "./auth.server";
import { minutesText, registrationRetryAfter, withoutSignInThrottle } from "./rate-limit.server";
import { requestClientIp } from "./request.server";

/**
 * Signs the request in with a username and password through Auth.js's Credentials provider, which
 * sets the session cookie on the response. Refusals become the HTTP answers of POST /api/login.
 */
export async function signInWithPassword(username: string, password: string): Promise<void> {
  try {
    await signIn("credentials", { username, password, redirect: false });
  } catch (error) {
    const refused =
      error instanceof LoginRefused ? error : error instanceof AuthError ? (error.cause?.err ?? error) : null;
    if (refused instanceof LoginRefused) {
      if (refused.reason === "rate_limited") {
        const retryAfter = refused.retryAfter ?? 900;
        throw tooManyRequests(
          `Too many failed sign-in attempts. Try again in ${minutesText(retryAfter)}, or reset your password.`,
          retryAfter,
        );
      }
      if (refused.reason === "inactive") throw new HttpError(403, ACCOUNT_INACTIVE);
      throw unauthorized(INVALID_CREDENTIALS);
    }
    // Not a wrong password: the check itself failed (a database down answered 401).
    if (isDatabaseUnavailable(error)) throw serviceUnavailable();
    if (error instanceof AuthError) throw unauthorized(INVALID_CREDENTIALS);
    throw error;
  }
}

/** Sign-in (POST /api/login and the sign-in form's action): the session, then the account. */
export async function logIn({ username, password }: LoginInput): Promise<UserDto> {
  await signInWithPassword(username, password);
  return getUserDtoByUsername(username);
}

/**
 * Registration (POST /api/register and the register form's action): the new student, signed in,
 * and a verification link on its way to their address (sent after the response). Registration
 * attempts per address (or, with no trusted address, from everyone) are counted before the
 * username and e-mail are checked, so that probing for taken addresses is limited like creating
 * accounts; once the account exists, the answer is its session, never a 429 (its counters are
 * keyed by its new id, so failures counted against the name before it was taken do not apply,
 * and this sign-in is not throttled).
 */
export async function registerAndSignIn(input: RegisterInput): Promise<UserDto> {
  const retryAfter = await registrationRetryAfter(await requestClientIp());
  if (retryAfter !== null) {
    throw tooManyRequests(
      `Too many accounts were created from this network. Try again in ${minutesText(retryAfter)}.`,
      retryAfter,
    );
  }
  const user = await registerUser(input);
  await sendEmailVerification(user.id).catch((error: unknown) =>
    logger().error({ err: error }, "verification e-mail not started"),
  );
  await withoutSignInThrottle(() => signInWithPassword(input.username, input.password));
  return user;
}
