import "server-only";
import { assertCurrentPassword } from "@/lib/auth/current-password.server";
import { canDeleteOwnAccount } from "@/lib/auth/policy";
import type { Viewer } from "@/lib/auth/viewer";
import { prisma } from "@/lib/db/client.server";
import { deleteFiles, documentKeysOfUser } from "@/lib/documents/commands.server";
import { conflict, forbidden, notFound } from "@/lib/http/errors";
import { PASSWORD_CHANGED_MEANWHILE } from "./accounts.server";
import type { DeleteAccountInput } from "@/lib/validation/auth";

// A student deleting their own account: their applications, drafts, documents and sessions go
// with it (the foreign keys cascade; the documents' files are deleted once that commits). The confirmation names what will be deleted, and an account
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
  const user = await prisma.user.findUnique({
    where: { id: viewer.id },
    select: { password: true, role: true },
  });
  if (!user) throw notFound("Account not found");
  if (user.role !== "user") throw forbidden(ADMIN_SELF_DELETE);
  if (user.password) await assertCurrentPassword(viewer.id, user.password, input.currentPassword ?? "");
  // Only the account as it was checked: still a student (one promoted meanwhile is an admin, whom
  // only a super admin may delete) with the password that was given. deleteMany: a second request
  // racing this one finds nothing to delete instead of failing.
  const { count, keys } = await prisma.$transaction(async (tx) => {
    // The row locked first: an upload storing a document row meanwhile waits for this and then
    // finds no account, so no document's file is left out of the keys read here.
    await tx.$queryRaw`SELECT 1 FROM "users" WHERE "id" = ${viewer.id} FOR UPDATE`;
    const keys = await documentKeysOfUser(tx, viewer.id);
    const { count } = await tx.user.deleteMany({
      where: { id: viewer.id, role: "user", password: user.password },
    });
    return { count, keys };
  });
  if (count > 0) {
    await deleteFiles(keys);
    return;
  }
  const current = await prisma.user.findUnique({ where: { id: viewer.id }, select: { role: true } });
  if (!current) return;
  if (current.role !== "user") throw forbidden(ADMIN_SELF_DELETE);
  throw conflict(PASSWORD_CHANGED_MEANWHILE, { currentPassword: [PASSWORD_CHANGED_MEANWHILE] });
}
