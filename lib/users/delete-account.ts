import "server-only";
import { assertCurrentPassword } from "@/lib/auth/current-password";
import { canDeleteOwnAccount } from "@/lib/auth/policy";
import type { Viewer } from "@/lib/auth/viewer";
import { prisma } from "@/lib/db/client";
import { forbidden, notFound } from "@/lib/http/errors";
import type { DeleteAccountInput } from "@/lib/validation/auth";

// A student deleting their own account (issue 11 §1): their applications, drafts and sessions go
// with it (the foreign keys cascade). The confirmation names what will be deleted, and an account
// with a password must give it, so a session left open on a shared computer cannot do it.

export const ADMIN_SELF_DELETE =
  "Admin accounts cannot be deleted from the profile. Ask a super admin to remove yours under Users.";

/** What deleting the account also deletes, for the confirmation. */
export async function accountFootprint(userId: number) {
  const [applications, drafts] = await Promise.all([
    prisma.application.count({ where: { userId } }),
    prisma.applicationDraft.count({ where: { userId } }),
  ]);
  return { applications, drafts };
}

export async function deleteOwnAccount(viewer: Viewer, input: DeleteAccountInput): Promise<void> {
  if (!canDeleteOwnAccount(viewer)) throw forbidden(ADMIN_SELF_DELETE);
  const user = await prisma.user.findUnique({ where: { id: viewer.id }, select: { password: true } });
  if (!user) throw notFound("Account not found");
  if (user.password) await assertCurrentPassword(viewer.id, user.password, input.currentPassword ?? "");
  // deleteMany: a second request racing this one finds nothing to delete instead of failing.
  await prisma.user.deleteMany({ where: { id: viewer.id } });
}
