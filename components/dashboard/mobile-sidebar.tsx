"use client";

import { LogOutIcon, MenuIcon } from "lucide-react";
import { SignOutForm } from "@/components/layout/sign-out-form";
import { Button } from "@/components/ui/button";
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from "@/components/ui/sheet";
import type { SidebarItem } from "./nav-item";
import { SidebarNav } from "./sidebar-nav";

type MobileSidebarProps = {
  items: readonly SidebarItem[];
  navLabel: string;
};

/** The sidebar in a slide-out sheet, below the md breakpoint. */
export function MobileSidebar({ items, navLabel }: MobileSidebarProps) {
  return (
    <Sheet>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Open menu" className="md:hidden">
          <MenuIcon className="size-6" aria-hidden="true" />
        </Button>
      </SheetTrigger>
      <SheetContent side="left">
        <SheetHeader className="border-b border-slate-200">
          <SheetTitle>Menu</SheetTitle>
          <SheetDescription className="sr-only">{navLabel} area navigation</SheetDescription>
        </SheetHeader>
        <nav aria-label={navLabel} className="px-3">
          <SidebarNav items={items} inSheet />
        </nav>
        <SheetFooter className="border-t border-slate-200">
          <SignOutForm>
            <Button type="submit" variant="ghost" className="w-full justify-start">
              <LogOutIcon aria-hidden="true" />
              Sign Out
            </Button>
          </SignOutForm>
        </SheetFooter>
      </SheetContent>
    </Sheet>
  );
}
