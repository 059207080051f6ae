import "server-only";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { verifyPassword } from "@/lib/auth/password.server";
import { DEMO_ACCOUNTS, seed, seedCompleted, type SeedSummary } from "./seed/seed.server";

// What `npm run dev` and `npm start` (scripts/with-db.ts) do to the database before the server
// starts: an empty embedded database is seeded (demo data and accounts only when `demo` says so), and a
// database without an active super admin gets a hint on how to create the first one.

export const NO_ADMIN_MESSAGE = [
  "No admin account exists yet, so nobody can sign in to /admin. Create the first one with:",
  '  npm run create-admin -- --username <name> --email <address> --name "<full name>"',
  "(it asks for the password, or reads it from ADMIN_PASSWORD; add DATABASE_URL=... for your PostgreSQL).",
].join("\n");

export async function hasActiveSuperAdmin(prisma: PrismaClient): Promise<boolean> {
  const count = await prisma.user.count({ where: { role: "admin", adminType: "super", isActive: true } });
  return count > 0;
}

/**
 * Seeds a database no seed completed on (an empty one, or one whose first seed was cut short);
 * returns what the seed reports, or null when a seed had completed.
 */
export async function seedIfEmpty(
  prisma: PrismaClient,
  options: { demo: boolean; log: (message: string) => void },
): Promise<SeedSummary | null> {
  if (await seedCompleted(prisma)) return null;
  if ((await prisma.country.count()) > 0) options.log("The last seed did not finish: seeding again.");
  options.log(
    options.demo
      ? "The database is empty: seeding reference and demo data (once, a few seconds)..."
      : "The database is empty: seeding the reference data, facts only: no generated programs or rankings, no demo accounts (once, a few seconds)...",
  );
  return seed(prisma, { demo: options.demo, log: (m) => options.log(`  ${m}`) });
}

/** Logs how to create the first admin when the database has no active super admin. */
export async function reportMissingAdmin(prisma: PrismaClient, log: (message: string) => void) {
  if (!(await hasActiveSuperAdmin(prisma))) log(NO_ADMIN_MESSAGE);
}

/**
 * Active demo accounts that still have the README's password (a database seeded with demo data
 * before, now served in production). Their usernames, for a warning.
 */
export async function demoAccountsWithPublishedPasswords(prisma: PrismaClient): Promise<string[]> {
  const users = await prisma.user.findMany({
    where: {
      username: { in: DEMO_ACCOUNTS.map((a) => a.username) },
      isActive: true,
      password: { not: null },
    },
    select: { username: true, password: true },
  });
  const exposed: string[] = [];
  for (const user of users) {
    const account = DEMO_ACCOUNTS.find((a) => a.username.toLowerCase() === user.username.toLowerCase());
    if (account && (await verifyPassword(user.password!, account.password))) exposed.push(user.username);
  }
  return exposed;
}

/** Warns about demo accounts whose published password still signs in. */
export async function reportDemoPasswords(prisma: PrismaClient, log: (message: string) => void) {
  const exposed = await demoAccountsWithPublishedPasswords(prisma);
  if (exposed.length === 0) return;
  log(
    `WARNING: ${exposed.join(", ")} still ${exposed.length > 1 ? "have" : "has"} the demo password published in the README. ` +
      "Anyone can sign in with it: delete these accounts or change their passwords (/admin/users).",
  );
}
