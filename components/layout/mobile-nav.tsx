"use client";

import { MenuIcon } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Separator } from "@/components/ui/separator";
import {
  Sheet,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from "@/components/ui/sheet";
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
    <Sheet>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Open menu">
          <MenuIcon className="size-6" aria-hidden="true" />
        </Button>
      </SheetTrigger>
      <SheetContent side="right">
        <SheetHeader className="border-b border-slate-200">
          <SheetTitle>Menu</SheetTitle>
          <SheetDescription className="sr-only">Site navigation and account</SheetDescription>
        </SheetHeader>
        <nav aria-label="Mobile" className="px-4">
          <ul className="flex flex-col gap-1">
            {NAV_ITEMS.map((item) => (
              <li key={item.href}>
                {/* SheetClose closes the menu when a link is followed. */}
                <SheetClose asChild>
                  <NavLink
                    href={item.href}
                    className="block rounded-md px-3 py-2 text-base font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-700"
                  >
                    {item.label}
                  </NavLink>
                </SheetClose>
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
              <SheetClose asChild>
                <Button asChild variant="outline">
                  <Link href={dashboard.href}>{dashboard.label}</Link>
                </Button>
              </SheetClose>
              <SignOutForm onSignedOut={signedOut}>
                <Button type="submit" variant="ghost" className="w-full">
                  Sign Out
                </Button>
              </SignOutForm>
            </>
          ) : (
            <SheetClose asChild>
              <Button asChild>
                <Link href="/auth">Login</Link>
              </Button>
            </SheetClose>
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}
