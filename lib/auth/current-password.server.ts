import "server-only";
import { badRequest, tooManyRequests } from "@/lib/http/errors";
import { verifyPassword } from "./password.server";
import { beginCurrentPasswordCheck, minutesText } from "./rate-limit.server";

// The current password, asked again before a change that could take an account over or away
// (its e-mail, its password, its deletion). Wrong answers are counted per account.

export const CURRENT_PASSWORD_WRONG = "The current password is not correct";

/** Nothing when `given` is the account's password; otherwise a 400 on `currentPassword`, or a 429. */
export async function assertCurrentPassword(userId: number, hash: string, given: string): Promise<void> {
  const check = await beginCurrentPasswordCheck(userId);
  if (check.refused) {
    throw tooManyRequests(
      `Too many wrong passwords. Try again in ${minutesText(check.retryAfter)}, or reset your password.`,
      check.retryAfter,
    );
  }
  if (!(await verifyPassword(hash, given)))
    throw badRequest(CURRENT_PASSWORD_WRONG, { currentPassword: [CURRENT_PASSWORD_WRONG] });
  await check.succeeded();
}
