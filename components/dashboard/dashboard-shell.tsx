import { GraduationCap, LogOutIcon } from "lucide-react";
import Link from "next/link";
import { DemoNotice } from "@/components/layout/demo-notice";
import { SignOutForm } from "@/components/layout/sign-out-form";
import { Button } from "@/components/ui/button";
import { DEFAULT_PLATFORM_NAME } from "@/lib/settings/constants";
import { initialsOf, roleLabelOf } from "@/lib/users/display";
import { MobileSidebar } from "./mobile-sidebar";
import type { SidebarItem } from "./nav-item";
import { SidebarNav } from "./sidebar-nav";

type DashboardShellProps = {
  user: { fullName: string; role: "user" | "admin" };
  items: readonly SidebarItem[];
  /** Names the sidebar's navigation landmark, e.g. "Student". */
  navLabel: string;
  /** The platform name of /admin/settings, shown as the logo's text. */
  platformName?: string;
  /** The database holds generated demo data: the "Demo data" notice tops the page (isDemoDatabase()). */
  demoData?: boolean;
  children: React.ReactNode;
};

/**
 * The frame of the signed-in areas: a sidebar with the area's links and a Sign Out
 * button at the bottom, a header with the user's name, role and initials, and the page. Below the
 * md breakpoint the sidebar moves into a slide-out sheet.
 */
export function DashboardShell({
  user,
  items,
  navLabel,
  platformName = DEFAULT_PLATFORM_NAME,
  demoData = false,
  children,
}: DashboardShellProps) {
  return (
    <div className="min-h-screen bg-slate-50">
      <a
        href="#main-content"
        className="sr-only rounded-md bg-white px-4 py-2 font-medium text-brand-700 shadow-lg focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:ring-2 focus:ring-brand-600 focus:outline-none"
      >
        Skip to main content
      </a>

      <aside
        aria-label="Sidebar"
        className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col border-r border-slate-200 bg-white md:flex"
      >
        <div className="flex h-16 items-center border-b border-slate-200 px-6">
          <Logo name={platformName} />
        </div>
        <nav aria-label={navLabel} className="flex-1 overflow-y-auto px-3 py-4">
          <SidebarNav items={items} />
        </nav>
        <div className="border-t border-slate-200 p-3">
          <SignOutForm>
            <Button type="submit" variant="ghost" className="w-full justify-start">
              <LogOutIcon aria-hidden="true" />
              Sign Out
            </Button>
          </SignOutForm>
        </div>
      </aside>

      <div className="flex min-h-screen flex-col md:pl-64">
        {demoData && <DemoNotice />}
        <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-slate-200 bg-white px-4 sm:px-6">
          <MobileSidebar items={items} navLabel={navLabel} />
          <div className="md:hidden">
            <Logo name={platformName} />
          </div>
          <UserIdentity fullName={user.fullName} role={user.role} />
        </header>
        {/* tabIndex lets the skip link move keyboard focus here. */}
        <main
          id="main-content"
          tabIndex={-1}
          className="flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8 lg:py-8"
        >
          {children}
        </main>
      </div>
    </div>
  );
}

function Logo({ name }: { name: string }) {
  return (
    <Link
      href="/"
      className="flex items-center gap-2 rounded-md text-lg font-bold tracking-tight text-brand-900 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none"
    >
      <GraduationCap className="size-7 text-brand-600" aria-hidden="true" />
      {name}
    </Link>
  );
}

/** The header's "who is signed in": full name, role label and an initials avatar. */
function UserIdentity({ fullName, role }: DashboardShellProps["user"]) {
  return (
    <div className="ml-auto flex min-w-0 items-center gap-3" data-testid="signed-in-user">
      <div className="hidden min-w-0 text-right sm:block">
        <p className="truncate text-sm font-semibold text-slate-900">{fullName}</p>
        <p className="text-xs text-slate-600">{roleLabelOf(role)}</p>
      </div>
      <span
        aria-hidden="true"
        className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white"
      >
        {initialsOf(fullName)}
      </span>
      <span className="sr-only sm:hidden">
        Signed in as {fullName}, {roleLabelOf(role)}
      </span>
    </div>
  );
}
