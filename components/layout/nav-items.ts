/** The main navigation, shared by the desktop header and the mobile menu (Shared layout). */
export const NAV_ITEMS = [
  { href: "/universities/search", label: "Universities" },
  { href: "/programs", label: "Programs" },
  { href: "/resources", label: "Resources" },
] as const;
