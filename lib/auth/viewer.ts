// Who is signed in, as pages, route handlers and the policy (./policy.ts) see them. Types only, so
// client components import it without pulling in the database (session.ts reads it).

export interface Viewer {
  id: number;
  username: string;
  fullName: string;
  email: string;
  role: "user" | "admin";
  adminType: "super" | "team" | null;
}
