/**
 * Whether next/image should pass a source through untouched. Only the site's own files (paths
 * such as "/uploads/a.jpg") go through the image optimizer; remote URLs would need
 * `images.remotePatterns` and data: URLs gain nothing from it.
 */
export function bypassesOptimizer(src: string): boolean {
  return !src.startsWith("/") || src.startsWith("//");
}
