import type { Metadata } from "next";
import { DashboardShell } from "@/components/dashboard/dashboard-shell";
import { UrlStateLayout } from "@/components/search/url-state-layout";
import { adminNavFor } from "@/components/admin/admin-nav";
import { adminOrSignIn } from "@/lib/auth/session.server";
import { cachedIsDemoDatabase, cachedPlatformName } from "@/lib/cache/reads.server";
import { getUserDto } from "@/lib/users/accounts.server";

export const metadata: Metadata = { robots: { index: false } };

// The admin area. proxy.ts already sends visitors without an admin token to /auth; this check also
// catches ended sessions and demoted admins (nothing renders for them). Each page checks
// again, since a layout does not re-run on every navigation.
export default async function AdminLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  const viewer = await adminOrSignIn();
  const [user, platformName, demoData] = await Promise.all([
    getUserDto(viewer.id),
    cachedPlatformName(),
    cachedIsDemoDatabase(),
  ]);
  return (
    <DashboardShell
      user={user}
      items={adminNavFor(viewer)}
      navLabel="Admin"
      platformName={platformName}
      demoData={demoData}
    >
      {/* The lists' filters keep their values in the URL. */}
      <UrlStateLayout>{children}</UrlStateLayout>
    </DashboardShell>
  );
}
