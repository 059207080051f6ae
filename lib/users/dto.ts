import { toPermissions } from "@/lib/auth/staff-permissions";
import { viewerSelect, type Viewer } from "@/lib/auth/viewer";
import type { User } from "@/lib/generated/prisma/client";

/** What the API says about a user: never the password hash or the reset token. */
export interface UserDto extends Viewer {
  isActive: boolean;
  createdAt: string;
  /** Whether a Google account is linked (its id stays on the server). */
  googleLinked: boolean;
  hasPassword: boolean;
  /** Whether the owner has proved they receive mail at `email` (Google links only then). */
  emailVerified: boolean;
  /**
   * A new address asked for on the profile and not yet confirmed through the link sent to it
   * (null when none): `email` stays the account's address until then.
   */
  pendingEmail: string | null;
}

export const userDtoSelect = {
  ...viewerSelect,
  isActive: true,
  createdAt: true,
  googleId: true,
  password: true,
  emailVerifiedAt: true,
  pendingEmail: true,
} as const;

export function toUserDto(
  user: Pick<
    User,
    | "id"
    | "username"
    | "fullName"
    | "email"
    | "role"
    | "adminType"
    | "permissions"
    | "isActive"
    | "createdAt"
    | "googleId"
    | "password"
    | "emailVerifiedAt"
    | "pendingEmail"
  >,
): UserDto {
  return {
    id: user.id,
    username: user.username,
    fullName: user.fullName,
    email: user.email,
    role: user.role,
    adminType: user.adminType,
    permissions: toPermissions(user.permissions),
    isActive: user.isActive,
    createdAt: user.createdAt.toISOString(),
    googleLinked: user.googleId !== null,
    hasPassword: user.password !== null,
    emailVerified: user.emailVerifiedAt !== null,
    pendingEmail: user.pendingEmail,
  };
}
