import type { Metadata } from "next";
import type { SearchParams } from "nuqs/server";
import { ActiveBadge } from "@/components/admin/active-badge";
import { AddUserDialog } from "@/components/admin/add-user-dialog";
import { AdminListPage } from "@/components/admin/admin-list-page";
import { DeleteButton } from "@/components/admin/delete-button";
import { ManageAccessDialog } from "@/components/admin/manage-access-dialog";
import { UserStatusButton } from "@/components/admin/user-status-button";
import { Badge } from "@/components/ui/badge";
import { TableCell, TableRow } from "@/components/ui/table";
import { canChangeUserAccess, canChangeUserStatus, canCreateUser, canDeleteUser } from "@/lib/auth/policy";
import { adminOrSignIn, type Viewer } from "@/lib/auth/session.server";
import { formatDate } from "@/lib/format";
import { listUsers, type AdminUserDto } from "@/lib/users/admin.server";
import { deletionConsequence } from "@/lib/users/deletion-consequence";
import { initialsOf, permissionsOf, roleColumnOf } from "@/lib/users/display";
import { ROLE_FILTERS, usersListQuery, type RoleFilter } from "@/lib/validation/users";

export const metadata: Metadata = { title: "Users" };

// /admin/users: All Roles, Users, Admins.
const ROLE_FILTER_LABELS: Record<RoleFilter, string> = { all: "All Roles", user: "Users", admin: "Admins" };
const ROLE_SELECT = {
  name: "role",
  label: "Role",
  options: ROLE_FILTERS.map((role) => ({ value: role, label: ROLE_FILTER_LABELS[role] })),
};

type Props = { searchParams: Promise<SearchParams> };

// /admin/users. Any admin manages students; admin accounts and roles are for
// super admins (lib/users/permissions.ts): a team admin sees no actions on admin rows.
export default async function AdminUsersPage({ searchParams }: Props) {
  const viewer = await adminOrSignIn();
  const canCreateAdmins = canCreateUser(viewer, "admin");
  const list = await usersListQuery.loadRows(searchParams, "/admin/users", ({ q, role }, window) =>
    listUsers({ search: q, role, ...window }),
  );

  return (
    <AdminListPage
      noun={["user", "users"]}
      description={
        canCreateAdmins
          ? "Add, activate and deactivate accounts, change roles and remove users."
          : "Add, activate and deactivate student accounts. Admin accounts are managed by super admins."
      }
      action={<AddUserDialog canCreateAdmins={canCreateAdmins} />}
      search={{ placeholder: "Full name, email or username", selects: [ROLE_SELECT] }}
      columns={["User", "Username", "Email", "Role", "Status", "Joined"]}
      order="newest first"
      list={list}
    >
      {list.rows?.items.map((user) => (
        <UserRow key={user.id} user={user} viewer={viewer} />
      ))}
    </AdminListPage>
  );
}

function UserRow({ user, viewer }: { user: AdminUserDto; viewer: Viewer }) {
  const isSelf = user.id === viewer.id;
  return (
    <TableRow data-focus-item={`user:${user.id}`}>
      <TableCell>
        <div className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-900"
          >
            {initialsOf(user.fullName)}
          </span>
          <span className="font-medium text-slate-900">
            {user.fullName}
            {isSelf && <span className="ml-1 font-normal text-slate-600">(you)</span>}
          </span>
        </div>
      </TableCell>
      <TableCell className="text-slate-700">{user.username}</TableCell>
      <TableCell className="text-slate-700">
        {user.email}
        {/* Not the account's address until its owner opens the link sent to it. */}
        {user.pendingEmail && (
          <span className="block text-xs text-slate-600">Pending: {user.pendingEmail}</span>
        )}
      </TableCell>
      <TableCell>
        <Badge variant={user.role === "admin" ? "secondary" : "outline"}>{roleColumnOf(user)}</Badge>
        {/* What a team admin may do beyond the team's default. */}
        {permissionsOf(user) && (
          <span className="mt-1 block text-xs text-slate-600">{permissionsOf(user)}</span>
        )}
      </TableCell>
      <TableCell>
        <ActiveBadge active={user.isActive} />
      </TableCell>
      <TableCell className="whitespace-nowrap text-slate-700">
        <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
      </TableCell>
      <TableCell pinned>
        <div className="flex justify-end gap-2">
          {canChangeUserStatus(viewer, user) && <UserStatusButton user={user} />}
          {canChangeUserAccess(viewer, user) && (
            <ManageAccessDialog user={user} triggerLabel="Change role" isSelf={isSelf} />
          )}
          {canDeleteUser(viewer, user) && (
            <DeleteButton
              endpoint={`/api/users/${user.id}`}
              name={user.fullName}
              title={`Delete ${user.fullName}?`}
              description={`Are you sure you want to delete ${user.fullName} (${user.username})? This action cannot be undone.`}
              warning={
                deletionConsequence(
                  { applications: user.applicationCount, drafts: user.draftCount },
                  "student",
                ) || undefined
              }
              confirmLabel="Delete User"
              successMessage="User deleted successfully"
            />
          )}
        </div>
      </TableCell>
    </TableRow>
  );
}
