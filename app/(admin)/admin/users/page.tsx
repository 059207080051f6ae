import type { Metadata } from "next";
import type { SearchParams } from "nuqs/server";
import { AddUserDialog } from "@/components/admin/add-user-dialog";
import { DeleteButton } from "@/components/admin/delete-button";
import { ManageAccessDialog } from "@/components/admin/manage-access-dialog";
import { AdminPageHeader } from "@/components/admin/admin-page-header";
import { ListFilters } from "@/components/admin/list-filters";
import { ListResults } from "@/components/admin/list-results";
import { UserStatusButton } from "@/components/admin/user-status-button";
import { Badge } from "@/components/ui/badge";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { canChangeUserAccess, canChangeUserStatus, canCreateUser, canDeleteUser } from "@/lib/auth/policy";
import { adminOrSignIn, type Viewer } from "@/lib/auth/session";
import { lastPageOf, listWindow } from "@/lib/paging";
import { formatDate } from "@/lib/format";
import { listUsers, type AdminUserDto } from "@/lib/users/admin";
import { loadAdminUsersParams, serializeAdminUsersParams } from "@/lib/users/admin-search-params";
import { initialsOf, roleColumnOf } from "@/lib/users/display";
import { ROLE_FILTERS, type RoleFilter } from "@/lib/validation/users";

export const metadata: Metadata = { title: "Users" };

// SPEC §2 /admin/users: All Roles, Users, Admins.
const ROLE_FILTER_LABELS: Record<RoleFilter, string> = { all: "All Roles", user: "Users", admin: "Admins" };
const ROLE_FILTER_OPTIONS = ROLE_FILTERS.map((role) => ({ value: role, label: ROLE_FILTER_LABELS[role] }));

type Props = { searchParams: Promise<SearchParams> };

// /admin/users (SPEC §2; issue 6). Any admin manages students; admin accounts and roles are for
// super admins: the page shows the actions lib/auth/policy.ts allows, so a team admin sees none on
// admin rows.
export default async function AdminUsersPage({ searchParams }: Props) {
  const viewer = await adminOrSignIn();
  const canCreateAdmins = canCreateUser(viewer, "admin");
  const params = await loadAdminUsersParams(searchParams);
  const { page, search, limit, offset } = listWindow(params);
  const { items, total } = await listUsers({
    search,
    role: params.role,
    limit,
    offset,
  });
  const lastPage = lastPageOf(total);
  const hrefFor = (n: number) => serializeAdminUsersParams("/admin/users", { ...params, page: n });

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <AdminPageHeader
        title="Users"
        description={
          canCreateAdmins
            ? "Add, activate and deactivate accounts, change roles and remove users."
            : "Add, activate and deactivate student accounts. Admin accounts are managed by super admins."
        }
        action={<AddUserDialog canCreateAdmins={canCreateAdmins} />}
      />

      <ListFilters
        label="Filter users"
        placeholder="Full name, email or username"
        select={{ name: "role", label: "Role", options: ROLE_FILTER_OPTIONS }}
      />

      <ListResults
        noun={["user", "users"]}
        total={total}
        shown={items.length}
        page={page}
        lastPage={lastPage}
        hrefFor={hrefFor}
        emptyHint="Try another name or role."
      >
        <Table className="min-w-[56rem]">
          <TableCaption>
            Users, newest first (page {page} of {lastPage})
          </TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">User</TableHead>
              <TableHead scope="col">Username</TableHead>
              <TableHead scope="col">Email</TableHead>
              <TableHead scope="col">Role</TableHead>
              <TableHead scope="col">Status</TableHead>
              <TableHead scope="col">Joined</TableHead>
              <TableHead scope="col" pinned className="text-right">
                Actions
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {items.map((user) => (
              <UserRow key={user.id} user={user} viewer={viewer} />
            ))}
          </TableBody>
        </Table>
      </ListResults>
    </div>
  );
}

function UserRow({ user, viewer }: { user: AdminUserDto; viewer: Viewer }) {
  const isSelf = user.id === viewer.id;
  return (
    <TableRow>
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
      <TableCell className="text-slate-700">{user.email}</TableCell>
      <TableCell>
        <Badge variant={user.role === "admin" ? "secondary" : "outline"}>{roleColumnOf(user)}</Badge>
      </TableCell>
      <TableCell>
        {user.isActive ? (
          <Badge className="bg-green-100 text-green-800">Active</Badge>
        ) : (
          <Badge className="bg-slate-200 text-slate-800">Inactive</Badge>
        )}
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
              warning="Deleting this user also removes their applications."
              confirmLabel="Delete User"
              successMessage="User deleted successfully"
            />
          )}
        </div>
      </TableCell>
    </TableRow>
  );
}
