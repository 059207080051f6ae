/**
 * Whether next/image should pass a source through untouched. The site's own files (paths such as
 * "/uploads/a.jpg") and the bucket's (S3_PUBLIC_URL at build time, allowed by
 * `images.remotePatterns` in next.config.js) go through the image optimizer; other URLs would be
 * refused by it, and data: URLs gain nothing from it.
 */
export function bypassesOptimizer(src: string, bucketUrl = process.env.UPLOADS_PUBLIC_URL ?? ""): boolean {
  if (bucketUrl && src.startsWith(`${bucketUrl}/`)) return false;
  return !src.startsWith("/") || src.startsWith("//");
}
