/** Who is looking at a public page, as far as the header cares. */
export type Viewer = { fullName: string; role: "user" | "admin" };

export function dashboardLinkOf(viewer: Viewer) {
  return viewer.role === "admin"
    ? { href: "/admin/dash", label: "Admin Dashboard" }
    : { href: "/user/dash", label: "Dashboard" };
}
