import type { AuditActor } from "@/lib/audit/record.server";
import type { createPrismaClient } from "@/lib/db/client.server";

/**
 * Who a command-line write is recorded as in the audit log: the admin named with --as (a super
 * admin when `superOnly`), or "Command line" when none is named.
 */
export async function commandLineActor(
  prisma: ReturnType<typeof createPrismaClient>,
  username: string | undefined,
  { superOnly = false }: { superOnly?: boolean } = {},
): Promise<AuditActor> {
  if (!username) return { id: null, fullName: "Command line" };
  const admin = await prisma.user.findFirst({
    where: { username, role: "admin", ...(superOnly ? { adminType: "super" as const } : {}) },
    select: { id: true, fullName: true },
  });
  if (!admin) throw new Error(`No ${superOnly ? "super admin" : "admin"} has the username ${username}.`);
  return admin;
}
