import "server-only";
import { prisma } from "@/lib/db/client.server";
import { dropPendingClaims, lockAddress } from "@/lib/users/accounts.server";

export interface GoogleIdentity {
  sub: string;
  email?: string | null;
  emailVerified?: boolean | null;
  name?: string | null;
}

/** A username from the e-mail's local part: allowed characters only, at least 3 long. */
export function usernameBase(identity: GoogleIdentity): string {
  const local = (identity.email ?? identity.name ?? "student").split("@")[0];
  const cleaned = local
    .normalize("NFKD")
    .replace(/\p{Mark}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, "")
    .slice(0, 24);
  return cleaned.length >= 3 ? cleaned : `${cleaned}student`.slice(0, 24);
}

async function freeUsername(base: string): Promise<string> {
  // Usernames are unique whatever their case (citext): "Alice" takes "alice".
  const taken = new Set(
    (
      await prisma.user.findMany({
        where: { username: { startsWith: base, mode: "insensitive" } },
        select: { username: true },
      })
    ).map((u) => u.username.toLowerCase()),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}${n}`)) return `${base}${n}`;
}

/** Why a Google sign-in or link was refused; lib/auth/auth.server.ts turns it into the page's message. */
export type GoogleRefusal =
  | "noEmail"
  | "googleEmailUnverified"
  /** An account has this e-mail but nobody has proved they receive its mail yet. */
  | "accountEmailUnverified"
  /** Linking: this Google account already belongs to another account. */
  | "linkedElsewhere";

export class GoogleSignInRefused extends Error {
  constructor(readonly reason: GoogleRefusal) {
    super(`Google sign-in refused: ${reason}`);
  }
}

export type GoogleDecision =
  | { action: "signIn"; userId: number }
  | { action: "link"; userId: number }
  | { action: "create" }
  | { action: "refuse"; reason: GoogleRefusal };

/**
 * What a Google sign-in (not a signed-in user's linking) does: the account already linked to this
 * Google id signs in; else an account with the same e-mail is linked, but only when both sides
 * have verified that address: Google (its `email_verified` claim) and the account (a
 * verification link, a password reset). Otherwise whoever registered an address they do not own
 * would have its real owner's Google sign-in land in their account, and a Google account with an
 * unverified address could claim anyone's account. Else a new student account.
 */
export function decideGoogleSignIn(
  identity: GoogleIdentity,
  linked: { id: number } | null,
  existing: { id: number; emailVerifiedAt: Date | null } | null,
): GoogleDecision {
  if (linked) return { action: "signIn", userId: linked.id };
  if (!identity.email?.trim()) return { action: "refuse", reason: "noEmail" };
  if (!existing) return { action: "create" };
  if (!identity.emailVerified) return { action: "refuse", reason: "googleEmailUnverified" };
  if (!existing.emailVerifiedAt) return { action: "refuse", reason: "accountEmailUnverified" };
  return { action: "link", userId: existing.id };
}

/**
 * The account a Google sign-in belongs to (see decideGoogleSignIn); throws GoogleSignInRefused.
 * Only an account's own address is matched: an address pending on an account (asked for, not yet
 * confirmed through its link) neither links that account nor stops a new one.
 */
export async function findOrCreateGoogleUser(identity: GoogleIdentity) {
  const email = identity.email?.trim().toLowerCase();
  const linked = await prisma.user.findUnique({ where: { googleId: identity.sub } });
  // citext: an account registered as "Ana@Example.com" is found for "ana@example.com".
  const existing = !linked && email ? await prisma.user.findUnique({ where: { email } }) : null;
  const decision = decideGoogleSignIn(identity, linked, existing);
  switch (decision.action) {
    case "refuse":
      throw new GoogleSignInRefused(decision.reason);
    case "signIn":
      return linked!;
    case "link":
      return prisma.user.update({ where: { id: decision.userId }, data: { googleId: identity.sub } });
    case "create": {
      const username = await freeUsername(usernameBase(identity));
      // A new account with this address drops other accounts' pending claims on it, as a
      // registration does.
      return prisma.$transaction(async (tx) => {
        await lockAddress(tx, email!);
        const created = await tx.user.create({
          data: {
            googleId: identity.sub,
            email: email!,
            // Google vouches for the address only when it says so.
            emailVerifiedAt: identity.emailVerified ? new Date() : null,
            fullName: identity.name?.trim() || email!.split("@")[0],
            username,
            password: null,
            role: "user",
          },
        });
        await dropPendingClaims(tx, created.email, created.id);
        return created;
      });
    }
  }
}

/**
 * Links a Google account to the signed-in user (the profile's "Link Google account"): they proved
 * who they are by being signed in, so the Google address need not match theirs. A Google
 * account linked to someone else stays theirs. When Google vouches for the user's own address,
 * that address counts as verified (and other accounts' pending claims on it are dropped); Google
 * vouching for the user's pending address does not confirm the change: only its link does.
 */
export async function linkGoogleAccount(userId: number, identity: GoogleIdentity): Promise<void> {
  const owner = await prisma.user.findUnique({ where: { googleId: identity.sub }, select: { id: true } });
  if (owner && owner.id !== userId) throw new GoogleSignInRefused("linkedElsewhere");
  const user = await prisma.user.findUniqueOrThrow({
    where: { id: userId },
    select: { email: true, emailVerifiedAt: true },
  });
  const vouched =
    identity.emailVerified === true &&
    !user.emailVerifiedAt &&
    identity.email?.trim().toLowerCase() === user.email.toLowerCase();
  await prisma.$transaction(async (tx) => {
    if (vouched) await lockAddress(tx, user.email);
    await tx.user.update({
      where: { id: userId },
      data: { googleId: identity.sub, ...(vouched ? { emailVerifiedAt: new Date() } : {}) },
    });
    if (vouched) await dropPendingClaims(tx, user.email, userId);
  });
}
