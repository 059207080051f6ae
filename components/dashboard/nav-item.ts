/** A sidebar entry. The icon is a rendered element, so server layouts can hand it to client menus. */
export type SidebarItem = {
  href: string;
  label: string;
  icon: React.ReactNode;
};
