import "server-only";
import { releaseAssignments } from "@/lib/applications/assignment.server";
import { canManageUsers } from "@/lib/auth/policy";
import { PERMISSION_LABELS, toDbPermissions, type Permission } from "@/lib/auth/staff-permissions";
import type { Viewer } from "@/lib/auth/viewer";
import { recordAudit } from "@/lib/audit/record.server";
import { prisma } from "@/lib/db/client.server";
import type { Prisma } from "@/lib/generated/prisma/client";
import { forbidden, HttpError, notFound, staleWrite } from "@/lib/http/errors";
import { changedSinceOpened } from "@/lib/validation/common";
import type { AdminCreateUser, RoleFilter, UpdateUserInput } from "@/lib/validation/users";
import { deleteFiles, documentKeysOfUser } from "@/lib/documents/commands.server";
import { registerUser } from "./accounts.server";
import { toUserDto, userDtoSelect, type UserDto } from "./dto";
import {
  applyChange,
  checkCreate,
  checkDelete,
  checkUpdate,
  endsSessions,
  type Actor,
  type Denial,
  type TargetAccount,
} from "./permissions";

// The admin area's user management: the /admin/users list, Add User, the row actions and
// the Settings page's Team tab. Who may do what is decided in ./permissions.ts (which
// lib/auth/policy.ts wraps for pages); the rules that depend on other rows (the last active super admin) are checked in the same transaction as the
// write, with the super admins' rows locked, so that two admins acting at once cannot both pass.

export interface AdminUserDto extends UserDto {
  /** The last successful sign-in (ISO), or null if the account never signed in. */
  lastLoginAt: string | null;
  /** What deleting the account also deletes, for the confirmation. */
  applicationCount: number;
  draftCount: number;
  /** Counts the edits of the account (access, status, profile): PATCH sends it back. */
  version: number;
}

const adminUserSelect = {
  ...userDtoSelect,
  lastLoginAt: true,
  version: true,
  _count: { select: { applications: true, drafts: true } },
} as const;

function toAdminUserDto(user: Prisma.UserGetPayload<{ select: typeof adminUserSelect }>): AdminUserDto {
  return {
    ...toUserDto(user),
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    applicationCount: user._count.applications,
    draftCount: user._count.drafts,
    version: user.version,
  };
}

/** Users, newest first, by a search on full name, e-mail or username and by role; paged. */
export async function listUsers(options: {
  search?: string;
  role?: RoleFilter;
  limit: number;
  offset: number;
}): Promise<{ items: AdminUserDto[]; total: number }> {
  const search = options.search?.trim();
  const where: Prisma.UserWhereInput = {
    ...(options.role && options.role !== "all" ? { role: options.role } : {}),
    ...(search
      ? {
          OR: [
            { fullName: { contains: search, mode: "insensitive" } },
            { email: { contains: search, mode: "insensitive" } },
            { username: { contains: search, mode: "insensitive" } },
          ],
        }
      : {}),
  };
  const [rows, total] = await Promise.all([
    prisma.user.findMany({
      where,
      select: adminUserSelect,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: options.limit,
      skip: options.offset,
    }),
    prisma.user.count({ where }),
  ]);
  return { items: rows.map(toAdminUserDto), total };
}

/** The Team tab: every admin, super admins first, then by name. */
export async function listAdmins(): Promise<AdminUserDto[]> {
  const rows = await prisma.user.findMany({
    where: { role: "admin" },
    select: adminUserSelect,
    orderBy: [{ adminType: "asc" }, { fullName: "asc" }, { id: "asc" }],
  });
  return rows.map(toAdminUserDto);
}

function deny(denial: Denial | null) {
  if (denial) throw new HttpError(denial.status, denial.message);
}

/** Who acts: an admin (403 for anyone else), as the rules of ./permissions.ts see them; named in the audit log. */
type Acting = Pick<Viewer, "id" | "role" | "adminType" | "fullName">;

/**
 * An account as the audit log keeps it: who it is and its access (a team admin's permissions by
 * their names), never a secret.
 */
function accountSnapshot(user: {
  username?: string;
  fullName: string;
  email?: string;
  role: string;
  adminType: string | null;
  isActive: boolean;
  permissions?: readonly Permission[];
}) {
  return {
    ...(user.username !== undefined && { username: user.username }),
    fullName: user.fullName,
    ...(user.email !== undefined && { email: user.email }),
    role: user.role,
    adminType: user.adminType,
    ...(user.role === "admin" &&
      user.adminType === "team" && {
        permissions: (user.permissions ?? []).map((permission) => PERMISSION_LABELS[permission]),
      }),
    isActive: user.isActive,
  };
}

function actorOf(viewer: Acting): Actor {
  if (!canManageUsers(viewer)) throw forbidden();
  return { id: viewer.id, adminType: viewer.adminType };
}

/** Add User: a student, or (super admins only) an admin of the chosen type. */
export async function createUserAsAdmin(viewer: Acting, input: AdminCreateUser): Promise<AdminUserDto> {
  deny(checkCreate(actorOf(viewer), input.role));
  const user = await registerUser(input, { role: input.role, adminType: input.adminType }, (tx, created) =>
    recordAudit(tx, viewer, {
      action: "user.create",
      entityType: "user",
      entityId: created.id,
      summary: `${created.fullName} (${created.username})`,
      after: accountSnapshot(created),
    }),
  );
  return { ...user, lastLoginAt: null, applicationCount: 0, draftCount: 0, version: 1 };
}

type Tx = Prisma.TransactionClient;

/**
 * Locks the rows of the active super admins (and so serialises every change that could remove
 * one) and returns how many there are. Under READ COMMITTED a transaction that waited for the lock
 * re-checks each row, so it counts what the first one left.
 */
async function lockActiveSuperAdmins(tx: Tx): Promise<number[]> {
  const rows = await tx.$queryRaw<{ id: number }[]>`
    SELECT "id" FROM "users"
     WHERE "role" = 'admin' AND "adminType" = 'super' AND "isActive"
     ORDER BY "id"
       FOR UPDATE`;
  return rows.map((row) => row.id);
}

/**
 * The actor as the locked rows say now: an admin demoted or deactivated by a transaction that
 * committed while this request waited is no longer a super admin here.
 */
function currentActor(actor: Actor, superAdminIds: number[]): Actor {
  return { id: actor.id, adminType: superAdminIds.includes(actor.id) ? "super" : "team" };
}

/**
 * The account to change, locked until the transaction ends; 404 if there is none. Its permissions
 * come as the database spells them, which are their names ("make-decisions").
 */
async function lockTarget(
  tx: Tx,
  id: number,
): Promise<TargetAccount & { permissions: Permission[]; version: number }> {
  const rows = await tx.$queryRaw<(TargetAccount & { permissions: Permission[]; version: number })[]>`
    SELECT "id", "fullName", "role"::text AS "role", "adminType"::text AS "adminType", "isActive",
           "permissions"::text[] AS "permissions", "version"
      FROM "users" WHERE "id" = ${id}
       FOR UPDATE`;
  if (!rows[0]) throw notFound("User not found");
  return rows[0];
}

export const USER_CHANGED = changedSinceOpened("account");

/**
 * Activates or deactivates an account, changes its role or admin type, or a team admin's
 * permissions (super admins only). Deactivating and changing the access level end the account's
 * sessions (its next request is signed out); a change of permissions applies at the account's next
 * request. One audit entry per change. With `change.version` it is refused (409) when the account
 * changed since that version.
 */
export async function updateUserAccess(
  viewer: Acting,
  id: number,
  change: UpdateUserInput,
): Promise<AdminUserDto> {
  const actor = actorOf(viewer);
  const user = await prisma.$transaction(async (tx) => {
    const superAdminIds = await lockActiveSuperAdmins(tx);
    const target = await lockTarget(tx, id);
    // The row is locked: the version cannot change between this check and the write.
    if (change.version !== undefined && change.version !== target.version) throw staleWrite(USER_CHANGED);
    deny(checkUpdate(currentActor(actor, superAdminIds), target, change, superAdminIds.length));
    const { role, adminType, permissions } = applyChange(target, change);
    const updated = await tx.user.update({
      where: { id },
      data: {
        ...(change.isActive !== undefined ? { isActive: change.isActive } : {}),
        role,
        adminType,
        permissions: toDbPermissions(permissions),
        ...(endsSessions(target, change) ? { sessionVersion: { increment: 1 } } : {}),
        version: { increment: 1 },
      },
      select: adminUserSelect,
    });
    if (updated.role !== "admin" || !updated.isActive) await releaseAssignments(tx, viewer, id);
    const after = toAdminUserDto(updated);
    const accessChanged = role !== target.role || adminType !== target.adminType;
    await recordAudit(tx, viewer, {
      action: accessChanged
        ? "user.access"
        : change.permissions !== undefined
          ? "user.permissions"
          : "user.status",
      entityType: "user",
      entityId: id,
      summary: `${updated.fullName} (${updated.username})`,
      before: accountSnapshot(target),
      after: accountSnapshot(after),
    });
    return after;
  });
  return user;
}

/** Deletes an account (its applications, drafts and documents go with it, the files after the commit). */
export async function deleteUserAsAdmin(viewer: Acting, id: number): Promise<void> {
  const actor = actorOf(viewer);
  const keys = await prisma.$transaction(async (tx) => {
    const superAdminIds = await lockActiveSuperAdmins(tx);
    const target = await lockTarget(tx, id);
    deny(checkDelete(currentActor(actor, superAdminIds), target, superAdminIds.length));
    // Read under the row's lock (lockTarget), which an upload's new document row waits for.
    const documentKeys = await documentKeysOfUser(tx, id);
    await releaseAssignments(tx, viewer, id);
    const deleted = await tx.user.delete({
      where: { id },
      select: { username: true, fullName: true, email: true, role: true, adminType: true, isActive: true },
    });
    await recordAudit(tx, viewer, {
      action: "user.delete",
      entityType: "user",
      entityId: id,
      summary: `${deleted.fullName} (${deleted.username})`,
      before: accountSnapshot(deleted),
    });
    return documentKeys;
  });
  await deleteFiles(keys);
}
