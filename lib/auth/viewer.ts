// Who is signed in, as pages, route handlers and the policy (./policy.ts) see them. No database
// code, so client components import it freely (session.ts reads it).

export interface Viewer {
  id: number;
  username: string;
  fullName: string;
  email: string;
  role: "user" | "admin";
  adminType: "super" | "team" | null;
}

/** The user columns a Viewer is made of, for Prisma selects that build on it. */
export const viewerSelect = {
  id: true,
  username: true,
  fullName: true,
  email: true,
  role: true,
  adminType: true,
} as const satisfies Record<keyof Viewer, true>;
