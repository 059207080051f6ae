import { isPermission, PERMISSIONS, sortedPermissions } from "@/lib/auth/staff-permissions";
import { z } from "@/lib/validation/zod";
import { defineListQuery } from "@/lib/list-query";
import { oneOfKey, searchKey } from "@/lib/list-keys";
import { registerSchema } from "./auth";
import { versionSchema } from "./common";

// The admin user screens: Add User, the row actions and the list's query. Shared by the
// dialogs (react-hook-form's zod resolver) and the route handlers.

export const ROLES = ["user", "admin"] as const;
export const ADMIN_TYPES = ["super", "team"] as const;
export type Role = (typeof ROLES)[number];
export type AdminType = (typeof ADMIN_TYPES)[number];

export const ROLE_MESSAGE = "Choose the role: user or admin";
export const ADMIN_TYPE_MESSAGE = "Choose the admin type: super or team";
export const ADMIN_TYPE_REQUIRED = "Choose the admin type of an admin";
export const NOTHING_TO_CHANGE = "Nothing to change: send isActive, role, adminType or permissions";
export const PERMISSIONS_MESSAGE = `permissions must be a list of: ${PERMISSIONS.join(", ")}`;

const roleSchema = z.enum(ROLES, { error: ROLE_MESSAGE });
const adminTypeSchema = z.enum(ADMIN_TYPES, { error: ADMIN_TYPE_MESSAGE });

/**
 * A team admin's permissions, the whole set (what is not listed is revoked): each at most once,
 * kept in the list's order. Any refusal is on the field itself, where the form shows it.
 */
export const permissionsSchema = z
  .array(z.unknown(), { error: PERMISSIONS_MESSAGE })
  .refine((list) => list.length <= PERMISSIONS.length && list.every(isPermission), {
    error: PERMISSIONS_MESSAGE,
  })
  .transform((list) => sortedPermissions(list.filter(isPermission)));

/**
 * Add User: the register fields (same messages as /auth) plus the role, and the admin type when
 * the role is admin. A user (student) never carries an admin type.
 */
export const adminCreateUserSchema = registerSchema
  .safeExtend({
    role: roleSchema.default("user"),
    adminType: adminTypeSchema.nullish(),
  })
  .superRefine((data, ctx) => {
    if (data.role === "admin" && !data.adminType) {
      ctx.addIssue({ code: "custom", path: ["adminType"], message: ADMIN_TYPE_REQUIRED });
    }
  })
  .transform((data) => ({ ...data, adminType: data.role === "admin" ? (data.adminType ?? null) : null }));
export type AdminCreateUserInput = z.input<typeof adminCreateUserSchema>;
export type AdminCreateUser = z.output<typeof adminCreateUserSchema>;

/**
 * PATCH /api/users/{id}: any of isActive, role, adminType, permissions. Making someone an admin
 * needs an admin type; an adminType alone changes an admin's type; permissions are a team admin's
 * whole set of grants (lib/users/permissions.ts refuses them for anyone else).
 */
export const updateUserSchema = z
  .object({
    isActive: z.boolean({ error: "isActive must be true or false" }).optional(),
    role: roleSchema.optional(),
    adminType: adminTypeSchema.nullish(),
    permissions: permissionsSchema.optional(),
    /** The version of the account the admin saw; a change since refuses this one (409). */
    version: versionSchema,
  })
  .superRefine((data, ctx) => {
    if (
      data.isActive === undefined &&
      data.role === undefined &&
      data.adminType == null &&
      data.permissions === undefined
    ) {
      ctx.addIssue({ code: "custom", path: ["_"], message: NOTHING_TO_CHANGE });
    }
    if (data.role === "admin" && !data.adminType) {
      ctx.addIssue({ code: "custom", path: ["adminType"], message: ADMIN_TYPE_REQUIRED });
    }
    if (data.role === "user" && data.adminType) {
      ctx.addIssue({ code: "custom", path: ["adminType"], message: "A user (student) has no admin type" });
    }
  });
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

export const ROLE_FILTERS = ["all", ...ROLES] as const;
export type RoleFilter = (typeof ROLE_FILTERS)[number];

/** GET /api/users and /admin/users: ?q= (full name, e-mail or username), ?role=all|user|admin. */
export const usersListQuery = defineListQuery({
  q: searchKey,
  role: oneOfKey(ROLE_FILTERS, "all"),
});

/** GET /api/users: the list's query with limit/offset. */
export const usersListQuerySchema = usersListQuery.apiSchema;
