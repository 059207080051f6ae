/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import { SiteFooter } from "@/components/layout/site-footer";
import { GUIDES, guideBySlug, guidePath } from "@/lib/resources/guides";
import { SERVICE_REDIRECTS } from "@/lib/resources/service-links";

// The guides of /resources, and the footer's service links that lead to them.

test("each guide has a unique URL-safe slug, a description that fits a search result, and content", () => {
  expect(new Set(GUIDES.map((guide) => guide.slug)).size).toBe(GUIDES.length);
  for (const guide of GUIDES) {
    expect(guide.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    // Search engines cut meta descriptions at about 160 characters.
    expect(guide.description.length).toBeLessThanOrEqual(160);
    expect(guide.sections.length).toBeGreaterThan(0);
    for (const section of guide.sections) expect(section.blocks.length).toBeGreaterThan(0);
    expect(new Set(guide.sections.map((section) => section.heading)).size).toBe(guide.sections.length);
    for (const link of guide.next) expect(link.href).toMatch(/^\//);
  }
});

test("the guides' links to other guides name guides that exist", () => {
  for (const guide of GUIDES) {
    for (const { href } of guide.next.filter((link) => link.href.startsWith("/resources/"))) {
      expect(guideBySlug(href.slice("/resources/".length))).not.toBeNull();
    }
  }
  expect(guideBySlug("no-such-guide")).toBeNull();
});

test("every service link of the footer redirects to the university search or to a guide", () => {
  render(<SiteFooter year={2026} />);
  const services = screen.getByRole("navigation", { name: "Services" });
  const hrefs = [...services.querySelectorAll("a")].map((a) => a.getAttribute("href"));
  expect(SERVICE_REDIRECTS.map((link) => link.source).sort()).toEqual([...hrefs].sort());
  const guidePaths = GUIDES.map((guide) => guidePath(guide.slug));
  for (const { destination } of SERVICE_REDIRECTS) {
    expect(["/universities/search", ...guidePaths]).toContain(destination);
  }
});
