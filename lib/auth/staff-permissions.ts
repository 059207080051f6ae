import type { Permission as DbPermission } from "@/lib/generated/prisma/enums";

// What a team admin may do beyond the team's default, one grant at a time. Every admin reads
// applications and works on them (review, interviews, notes, requests, references, assignment);
// a decision on a place, a change to the catalogue and a download of the platform's data are
// given to the team members whose work needs them. Super admins hold every permission without a
// grant; students hold none. Super admins grant and revoke them (Manage Access), and
// lib/auth/policy.ts's hasPermission is the one question pages, route()/action() declarations and
// domain code ask.
//
// No database code, so client components import it (the Manage Access dialog's choices).

export const PERMISSIONS = ["make-decisions", "manage-catalogue", "export-data"] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** The names of Manage Access's boxes and of the Users list. */
export const PERMISSION_LABELS: Record<Permission, string> = {
  "make-decisions": "Make decisions",
  "manage-catalogue": "Manage the catalogue",
  "export-data": "Export data",
};

/** What each permission lets a team admin do, under its box. */
export const PERMISSION_DESCRIPTIONS: Record<Permission, string> = {
  "make-decisions":
    "Record offers and rejections, withdraw offers, mark an offer's conditions, confirm, defer, reinstate and enrol.",
  "manage-catalogue": "Add, edit, archive and import universities and programs, and upload their images.",
  "export-data": "Download the CSV exports of the admin lists.",
};

/** The refusal's words: what to ask for, and whom (route()/action() answer 403 with it). */
const ASK_FOR: Record<Permission, string> = {
  "make-decisions": "make decisions",
  "manage-catalogue": "manage the catalogue",
  "export-data": "export data",
};

export function permissionRefusal(permission: Permission): string {
  return `Ask a super admin for the permission to ${ASK_FOR[permission]}.`;
}

export function isPermission(value: unknown): value is Permission {
  return typeof value === "string" && (PERMISSIONS as readonly string[]).includes(value);
}

/** The permissions in the list's order, each once: how they are stored and compared. */
export function sortedPermissions(permissions: Iterable<Permission>): Permission[] {
  const held = new Set(permissions);
  return PERMISSIONS.filter((permission) => held.has(permission));
}

// Prisma's enum spells the names with underscores (the database stores the hyphenated ones, as
// with application statuses): convert at the edge.
const TO_DB = {
  "make-decisions": "make_decisions",
  "manage-catalogue": "manage_catalogue",
  "export-data": "export_data",
} as const satisfies Record<Permission, DbPermission>;

const FROM_DB = Object.fromEntries(Object.entries(TO_DB).map(([name, db]) => [db, name])) as Record<
  DbPermission,
  Permission
>;

/** Prisma's values ("make_decisions") to the permissions' names ("make-decisions"), in the list's order. */
export function toPermissions(values: readonly DbPermission[]): Permission[] {
  return sortedPermissions(values.map((value) => FROM_DB[value]));
}

/** The permissions' names to Prisma's values, for writes. */
export function toDbPermissions(permissions: Iterable<Permission>): DbPermission[] {
  return sortedPermissions(permissions).map((permission) => TO_DB[permission]);
}
