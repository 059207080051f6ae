"use client";

import { NavLink } from "@/components/layout/nav-link";
import { SheetClose } from "@/components/ui/sheet";
import type { SidebarItem } from "./nav-item";

type SidebarNavProps = {
  items: readonly SidebarItem[];
  /** Inside the mobile sheet: following a link also closes the sheet. */
  inSheet?: boolean;
};

const linkClass =
  "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-700 [&_svg]:size-5 [&_svg]:shrink-0";

/** The sidebar's links; the current page's link carries aria-current="page". */
export function SidebarNav({ items, inSheet = false }: SidebarNavProps) {
  return (
    <ul className="flex flex-col gap-1">
      {items.map((item) => {
        const link = (
          <NavLink href={item.href} className={linkClass}>
            {item.icon}
            {item.label}
          </NavLink>
        );
        return <li key={item.href}>{inSheet ? <SheetClose asChild>{link}</SheetClose> : link}</li>;
      })}
    </ul>
  );
}
