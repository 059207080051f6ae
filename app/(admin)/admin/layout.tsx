import {
  BookOpenIcon,
  HistoryIcon,
  FileTextIcon,
  InboxIcon,
  LayoutDashboardIcon,
  SchoolIcon,
  SettingsIcon,
  UploadIcon,
  UsersIcon,
} from "lucide-react";
import type { Metadata } from "next";
import { AuthProvider } from "@/components/auth/auth-provider";
import { DashboardShell } from "@/components/dashboard/dashboard-shell";
import { UrlStateLayout } from "@/components/search/url-state-layout";
import type { SidebarItem } from "@/components/dashboard/nav-item";
import { isSuperAdmin } from "@/lib/auth/policy";
import { adminOrSignIn } from "@/lib/auth/session";
import { cachedIsDemoDatabase, cachedPlatformName } from "@/lib/cache/reads";
import { getUserDto } from "@/lib/users/accounts";

export const metadata: Metadata = { robots: { index: false } };

// SPEC §2 Sidebar (admin).
const ADMIN_NAV: SidebarItem[] = [
  { href: "/admin/dash", label: "Dashboard", icon: <LayoutDashboardIcon aria-hidden="true" /> },
  { href: "/admin/universities", label: "Universities", icon: <SchoolIcon aria-hidden="true" /> },
  { href: "/admin/programs", label: "Programs", icon: <BookOpenIcon aria-hidden="true" /> },
  { href: "/admin/applications", label: "Applications", icon: <FileTextIcon aria-hidden="true" /> },
  { href: "/admin/users", label: "Users", icon: <UsersIcon aria-hidden="true" /> },
  { href: "/admin/messages", label: "Messages", icon: <InboxIcon aria-hidden="true" /> },
  { href: "/admin/import", label: "Import", icon: <UploadIcon aria-hidden="true" /> },
  { href: "/admin/settings", label: "Settings", icon: <SettingsIcon aria-hidden="true" /> },
];

/** Super admins also read the audit log (issue 11 §1); team admins are not shown the entry. */
const SUPER_ADMIN_NAV: SidebarItem[] = [
  ...ADMIN_NAV,
  { href: "/admin/audit", label: "Audit Log", icon: <HistoryIcon aria-hidden="true" /> },
];

// The admin area. proxy.ts already sends visitors without an admin token to /auth; this check also
// catches ended sessions and demoted admins (SPEC §6: nothing renders for them). Each page checks
// again, since a layout does not re-run on every navigation.
export default async function AdminLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  const viewer = await adminOrSignIn();
  const [user, platformName, demoData] = await Promise.all([
    getUserDto(viewer.id),
    cachedPlatformName(),
    cachedIsDemoDatabase(),
  ]);
  return (
    <AuthProvider initialUser={user}>
      <DashboardShell
        user={user}
        items={isSuperAdmin(viewer) ? SUPER_ADMIN_NAV : ADMIN_NAV}
        navLabel="Admin"
        platformName={platformName}
        demoData={demoData}
      >
        {/* The lists' filters keep their values in the URL. */}
        <UrlStateLayout>{children}</UrlStateLayout>
      </DashboardShell>
    </AuthProvider>
  );
}
