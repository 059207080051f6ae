import {
  AwardIcon,
  BellIcon,
  BanknoteIcon,
  BookOpenIcon,
  FileTextIcon,
  HistoryIcon,
  InboxIcon,
  LayoutDashboardIcon,
  SchoolIcon,
  SettingsIcon,
  UploadIcon,
  UsersIcon,
} from "lucide-react";
import type { SidebarItem } from "@/components/dashboard/nav-item";
import { canEditSettings, canManageCatalogue, isSuperAdmin } from "@/lib/auth/policy";
import type { Viewer } from "@/lib/auth/viewer";

// The admin sidebar, each entry with who may use its page (lib/auth/policy.ts): the sidebar shows
// a viewer only what they may use, never a link to a page that would only refuse them (a team
// admin sees no Settings and no Audit Log, and no Import without the permission to manage the
// catalogue).
type NavViewer = Pick<Viewer, "role" | "adminType" | "permissions">;
const ADMIN_NAV: readonly (SidebarItem & {
  allowed?: (viewer: NavViewer) => boolean;
})[] = [
  { href: "/admin/dash", label: "Dashboard", icon: <LayoutDashboardIcon aria-hidden="true" /> },
  { href: "/admin/universities", label: "Universities", icon: <SchoolIcon aria-hidden="true" /> },
  { href: "/admin/programs", label: "Programs", icon: <BookOpenIcon aria-hidden="true" /> },
  { href: "/admin/scholarships", label: "Scholarships", icon: <AwardIcon aria-hidden="true" /> },
  { href: "/admin/applications", label: "Applications", icon: <FileTextIcon aria-hidden="true" /> },
  { href: "/admin/users", label: "Users", icon: <UsersIcon aria-hidden="true" /> },
  { href: "/admin/messages", label: "Messages", icon: <InboxIcon aria-hidden="true" /> },
  {
    href: "/admin/import",
    label: "Import",
    icon: <UploadIcon aria-hidden="true" />,
    allowed: canManageCatalogue,
  },
  { href: "/admin/notifications", label: "Notifications", icon: <BellIcon aria-hidden="true" /> },
  {
    href: "/admin/settings",
    label: "Settings",
    icon: <SettingsIcon aria-hidden="true" />,
    allowed: canEditSettings,
  },
  {
    href: "/admin/rates",
    label: "Exchange rates",
    icon: <BanknoteIcon aria-hidden="true" />,
    allowed: isSuperAdmin,
  },
  {
    href: "/admin/audit",
    label: "Audit Log",
    icon: <HistoryIcon aria-hidden="true" />,
    allowed: isSuperAdmin,
  },
];

/** The sidebar entries `viewer` may use. */
export function adminNavFor(viewer: NavViewer): SidebarItem[] {
  return ADMIN_NAV.filter(({ allowed }) => !allowed || allowed(viewer)).map(({ href, label, icon }) => ({
    href,
    label,
    icon,
  }));
}
