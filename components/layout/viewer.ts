/** Who is looking at a public page, as far as the header cares (auth fills it in later). */
export type Viewer = { fullName: string; role: "user" | "admin" };

/** A server action that signs the viewer out. */
export type SignOutAction = () => Promise<void>;

export function dashboardLinkOf(viewer: Viewer) {
  return viewer.role === "admin"
    ? { href: "/admin/dash", label: "Admin Dashboard" }
    : { href: "/user/dash", label: "Dashboard" };
}
