import { homeOf } from "@/lib/auth/paths";
import { isAdmin, type Viewer } from "@/lib/auth/viewer";

/** The header's link to the signed-in viewer's dashboard. */
export function dashboardLinkOf(viewer: Pick<Viewer, "role">) {
  return { href: homeOf({ role: viewer.role }), label: isAdmin(viewer) ? "Admin Dashboard" : "Dashboard" };
}
