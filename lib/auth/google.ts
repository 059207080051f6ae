import "server-only";
import { prisma } from "@/lib/db/client";

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

/**
 * The account a Google sign-in belongs to: the one already linked to this Google id; else the
 * account with the same (verified) e-mail, which gets linked; else a new student account.
 */
export async function findOrCreateGoogleUser(identity: GoogleIdentity) {
  const linked = await prisma.user.findUnique({ where: { googleId: identity.sub } });
  if (linked) return linked;

  const email = identity.email?.trim().toLowerCase();
  if (!email) throw new Error("Google did not share an e-mail address");
  // citext: an account registered as "Ana@Example.com" is found for "ana@example.com".
  const existing = await prisma.user.findUnique({ where: { email } });
  if (existing) {
    // Linking on an unverified address would let anyone claim an account by its e-mail.
    if (!identity.emailVerified) throw new Error("The Google account's e-mail address is not verified");
    return prisma.user.update({ where: { id: existing.id }, data: { googleId: identity.sub } });
  }

  return prisma.user.create({
    data: {
      googleId: identity.sub,
      email,
      fullName: identity.name?.trim() || email.split("@")[0],
      username: await freeUsername(usernameBase(identity)),
      password: null,
      role: "user",
    },
  });
}
