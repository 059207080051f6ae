import { homeOf } from "@/lib/auth/paths";
import { isAdmin } from "@/lib/auth/policy";
import type { Viewer } from "@/lib/auth/viewer";

/** The header's link to the signed-in viewer's dashboard. */
export function dashboardLinkOf(viewer: Pick<Viewer, "role">) {
  return { href: homeOf({ role: viewer.role }), label: isAdmin(viewer) ? "Admin Dashboard" : "Dashboard" };
}
