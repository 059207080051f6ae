import "server-only";
import { prisma } from "@/lib/db/client.server";
import { hashPassword, verifyPassword } from "./password.server";
import { beginSignInAttempt } from "./rate-limit.server";
import { imitatedName, isUsernameShaped } from "./sign-in-name.server";
import type { Viewer } from "./viewer";
import { toPermissions } from "./staff-permissions";

// Checking a username and password, shared by Auth.js's Credentials provider (and so by
// POST /api/login): throttling, the same answer for unknown users and wrong passwords, and
// refusal of deactivated accounts.

export const INVALID_CREDENTIALS = "Invalid username or password";
export const ACCOUNT_INACTIVE =
  "This account has been deactivated. Contact support if you think this is a mistake.";

export type CredentialsResult =
  | {
      ok: true;
      user: Viewer & { sessionVersion: number };
    }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "inactive" }
  | { ok: false; reason: "rate_limited"; retryAfter: number };

// Verified against when the username is unknown, so that both failures take as long.
let dummyHash: Promise<string> | undefined;

export async function checkCredentials(
  username: string,
  password: string,
  ip: string | null,
): Promise<CredentialsResult> {
  // `username` comes through loginSchema (NFKC, trimmed). A name with a character no username has
  // is nobody's: it never signs in, and counts against the account it imitates (sign-in-name.ts).
  const shaped = isUsernameShaped(username);
  const name = shaped ? username : imitatedName(username);
  // The column is citext: "Admin" signs in as "admin".
  const found = await prisma.user.findUnique({ where: { username: name } });
  // Counted before the password is checked, so that parallel guesses are all counted, and against
  // the account found, whatever spelling found it.
  const attempt = await beginSignInAttempt(found ? { userId: found.id } : { name }, ip);
  if (attempt.refused) return { ok: false, reason: "rate_limited", retryAfter: attempt.retryAfter };

  const user = shaped ? found : null;
  const hash = user?.password ?? (await (dummyHash ??= hashPassword("not-a-real-password")));
  const valid = (await verifyPassword(hash, password)) && !!user?.password;
  if (!user || !valid) return { ok: false, reason: "invalid" };
  // The right password, even for a deactivated account, is not a failure to count.
  await attempt.succeeded();
  if (!user.isActive) return { ok: false, reason: "inactive" };

  return {
    ok: true,
    user: {
      id: user.id,
      username: user.username,
      fullName: user.fullName,
      email: user.email,
      role: user.role,
      adminType: user.adminType,
      permissions: toPermissions(user.permissions),
      sessionVersion: user.sessionVersion,
    },
  };
}
