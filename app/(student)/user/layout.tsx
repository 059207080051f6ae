import { BookmarkIcon, FileTextIcon, LayoutDashboardIcon, SearchIcon, UserIcon } from "lucide-react";
import type { Metadata } from "next";
import { DashboardShell } from "@/components/dashboard/dashboard-shell";
import type { SidebarItem } from "@/components/dashboard/nav-item";
import { viewerOrSignIn } from "@/lib/auth/session.server";
import { cachedIsDemoDatabase, cachedPlatformName } from "@/lib/cache/reads.server";
import { getUserDto } from "@/lib/users/accounts.server";

export const metadata: Metadata = { robots: { index: false } };

const STUDENT_NAV: SidebarItem[] = [
  { href: "/user/dash", label: "Dashboard", icon: <LayoutDashboardIcon aria-hidden="true" /> },
  { href: "/user/applications", label: "My Applications", icon: <FileTextIcon aria-hidden="true" /> },
  { href: "/user/shortlist", label: "My Shortlist", icon: <BookmarkIcon aria-hidden="true" /> },
  { href: "/user/searches", label: "Saved searches", icon: <SearchIcon aria-hidden="true" /> },
  { href: "/user/profile", label: "Profile", icon: <UserIcon aria-hidden="true" /> },
];

// The student area. proxy.ts already sends visitors without a session cookie to /auth; this
// check also catches ended sessions (password reset, deactivation). A layout cannot know the page's
// path, so it returns to the dashboard; each page checks again with its own path.
export default async function StudentLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  const viewer = await viewerOrSignIn("/user/dash");
  const [user, platformName, demoData] = await Promise.all([
    getUserDto(viewer.id),
    cachedPlatformName(),
    cachedIsDemoDatabase(),
  ]);
  return (
    <DashboardShell
      user={user}
      items={STUDENT_NAV}
      navLabel="Student"
      platformName={platformName}
      demoData={demoData}
    >
      {children}
    </DashboardShell>
  );
}
