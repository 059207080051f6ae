import { GraduationCap } from "lucide-react";
import Link from "next/link";
import { DEFAULT_PLATFORM_NAME } from "@/lib/settings/constants";
import { AccountActions, AccountProvider, MobileLogin } from "./account-menu";
import { MainNav } from "./main-nav";
import { MobileNav } from "./mobile-nav";

export type SiteHeaderProps = {
  /** The platform name of /admin/settings, shown as the logo's text. */
  platformName?: string;
};

/** The public pages' header. The same for every visitor; the account controls are a client island. */
export function SiteHeader({ platformName = DEFAULT_PLATFORM_NAME }: SiteHeaderProps) {
  return (
    <AccountProvider>
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
          <Link
            href="/"
            className="flex items-center gap-2 rounded-md text-lg font-bold tracking-tight text-brand-900 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none"
          >
            <GraduationCap className="size-7 text-brand-600" aria-hidden="true" />
            {platformName}
          </Link>

          <MainNav />

          <div className="hidden items-center gap-2 md:flex">
            <AccountActions />
          </div>

          <div className="flex items-center gap-2 md:hidden">
            <MobileLogin />
            <MobileNav />
          </div>
        </div>
      </header>
    </AccountProvider>
  );
}
