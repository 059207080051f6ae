"use client";

import { MenuIcon } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { LazySheet } from "@/components/ui/lazy-sheet";
import { Separator } from "@/components/ui/separator";
import { useAccount } from "./account-menu";
import { NAV_ITEMS } from "./nav-items";
import { NavLink } from "./nav-link";
import { SignOutForm } from "./sign-out-form";
import { dashboardLinkOf } from "./viewer";

/** The header's entries in a slide-out menu, for screens below the md breakpoint. */
export function MobileNav() {
  const { account, signedOut } = useAccount();
  const viewer = account.status === "signed-in" ? account.user : null;
  const dashboard = viewer && dashboardLinkOf(viewer);
  return (
    <LazySheet
      side="right"
      title="Menu"
      description="Site navigation and account"
      descriptionClassName="sr-only"
      headerClassName="border-b border-slate-200"
      trigger={(props) => (
        <Button variant="ghost" size="icon" aria-label="Open menu" {...props}>
          <MenuIcon className="size-6" aria-hidden="true" />
        </Button>
      )}
    >
      {(close) => (
        <>
          <nav aria-label="Mobile" className="px-4">
            <ul className="flex flex-col gap-1">
              {NAV_ITEMS.map((item) => (
                <li key={item.href}>
                  {/* Following a link closes the menu. */}
                  <NavLink
                    href={item.href}
                    onClick={close}
                    className="block rounded-md px-3 py-2 text-base font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-700"
                  >
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <Separator />
          <div className="flex flex-col gap-2 px-4">
            {viewer && dashboard ? (
              <>
                <p className="truncate px-1 text-sm text-slate-600">
                  Signed in as <span className="font-medium text-slate-900">{viewer.fullName}</span>
                </p>
                <Button asChild variant="outline">
                  <Link href={dashboard.href} onClick={close}>
                    {dashboard.label}
                  </Link>
                </Button>
                <SignOutForm onSignedOut={signedOut}>
                  <Button type="submit" variant="ghost" className="w-full">
                    Sign Out
                  </Button>
                </SignOutForm>
              </>
            ) : (
              <Button asChild>
                <Link href="/auth" onClick={close}>
                  Login
                </Link>
              </Button>
            )}
          </div>
        </>
      )}
    </LazySheet>
  );
}
