import type { Permission } from "./staff-permissions";

// Who is signed in, as pages, route handlers and the policy (./policy.ts) see them. No database
// code, so client components import it freely (session.ts reads it).

export interface Viewer {
  id: number;
  username: string;
  fullName: string;
  email: string;
  role: "user" | "admin";
  adminType: "super" | "team" | null;
  /**
   * A team admin's grants (./staff-permissions.ts), as stored: empty for students and super
   * admins. Ask hasPermission (./policy.ts), which gives super admins every one.
   */
  permissions: Permission[];
}

/**
 * Any admin, super or team. Kept here, beside the Viewer, rather than in ./policy.ts (which
 * re-exports it): the public pages' header asks it, and a client module that imports the policy
 * carries all of it, with the staff permissions' labels, into every public page's scripts.
 */
export function isAdmin(viewer: Pick<Viewer, "role">): boolean {
  return viewer.role === "admin";
}

/** The user columns a Viewer is made of, for Prisma selects that build on it. */
export const viewerSelect = {
  id: true,
  username: true,
  fullName: true,
  email: true,
  role: true,
  adminType: true,
  permissions: true,
} as const satisfies Record<keyof Viewer, true>;
