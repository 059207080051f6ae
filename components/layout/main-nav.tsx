"use client";

import { NAV_ITEMS } from "./nav-items";
import { NavLink } from "./nav-link";

/** The header's navigation on wide screens. A client component, so each page's RSC payload names it
 * instead of carrying its links and their classes (the HTML has them either way). */
export function MainNav() {
  return (
    <nav aria-label="Main" className="hidden md:block">
      <ul className="flex items-center gap-1">
        {NAV_ITEMS.map((item) => (
          <li key={item.href}>
            <NavLink
              href={item.href}
              className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-700"
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
