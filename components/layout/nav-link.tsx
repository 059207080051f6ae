"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

type NavLinkProps = Omit<React.ComponentProps<typeof Link>, "href"> & { href: string };

/** A link that marks itself aria-current="page" on its own page and the pages below it. */
export function NavLink({ href, ...props }: NavLinkProps) {
  const pathname = usePathname();
  const current = pathname === href || (pathname?.startsWith(`${href}/`) ?? false);
  return <Link href={href} aria-current={current ? "page" : undefined} {...props} />;
}
