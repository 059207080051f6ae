import type { Metadata } from "next";
import { formatDate } from "@/lib/format";
import { GUIDES, guidePath } from "./guides";

// The content pages behind the header and footer links: their addresses, for the
// sitemap and the tests, and the metadata each declares.

/** Every content page: /resources, its guides, about, contact and the legal pages. */
export const CONTENT_PATHS: readonly string[] = [
  "/resources",
  ...GUIDES.map((guide) => guidePath(guide.slug)),
  "/about",
  "/contact",
  "/privacy",
  "/terms",
  "/cookie-policy",
];

/** A content page's title, description and canonical address. */
export function contentMetadata(path: string, title: string, description: string): Metadata {
  return { title, description, alternates: { canonical: path } };
}

/** When the privacy, cookie and terms pages last changed what they say. */
export const POLICIES_UPDATED = "2026-11-27";

/** The line under each policy's title. */
export const POLICIES_UPDATED_TEXT = `Last updated ${formatDate(POLICIES_UPDATED)}`;
