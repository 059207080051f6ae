import { NuqsAdapter } from "nuqs/adapters/next/app";

/**
 * The layout of a page whose filters keep their values in the URL (nuqs): only such pages load
 * its adapter, not every page of the site.
 */
export function UrlStateLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  return <NuqsAdapter>{children}</NuqsAdapter>;
}
