import { cacheLife } from "next/cache";

/**
 * This year, for the footer's copyright line: cached for a day, like any value the cached pages
 * show (a page rendered once must not read the clock on its own).
 */
export async function CurrentYear() {
  "use cache";
  cacheLife("days");
  return <>{new Date().getFullYear()}</>;
}
