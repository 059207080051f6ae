"use client";

import { GraduationCap, MailIcon, MapPinIcon, PhoneIcon } from "lucide-react";
import Link from "next/link";
import { SERVICE_REDIRECTS } from "@/lib/resources/service-links";
import { DEFAULT_PLATFORM_NAME } from "@/lib/settings/constants";

const LINK_GROUPS = [
  {
    id: "footer-quick-links",
    title: "Quick Links",
    links: [
      { href: "/universities/search", label: "Universities" },
      { href: "/programs", label: "Programs" },
      { href: "/resources", label: "Resources" },
      { href: "/about", label: "About Us" },
      { href: "/contact", label: "Contact" },
    ],
  },
  {
    id: "footer-services",
    title: "Services",
    links: [
      { href: "/university-search", label: "University Search" },
      { href: "/application-guidance", label: "Application Guidance" },
      { href: "/career-counseling", label: "Career Counseling" },
      { href: "/visa-assistance", label: "Visa Assistance" },
      { href: "/test-preparation", label: "Test Preparation" },
    ],
  },
  {
    id: "footer-legal",
    title: "Legal",
    links: [
      { href: "/privacy", label: "Privacy Policy" },
      { href: "/terms", label: "Terms of Service" },
      { href: "/cookie-policy", label: "Cookie Policy" },
    ],
  },
] as const;

// The Services links keep their own addresses, which redirect (next.config.js) to the page they
// name. They are not prefetched: a prefetch follows the redirect without the router's headers, so
// it would fetch the whole HTML page, and the router never finishes reading it.
const REDIRECTED: ReadonlySet<string> = new Set(SERVICE_REDIRECTS.map((link) => link.source));

// Lucide dropped its brand icons, so these are its former outline glyphs (ISC licence), drawn the
// same way as the other icons.
const SOCIAL_LINKS = [
  {
    label: "Facebook",
    href: "https://www.facebook.com/",
    icon: <path d="M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z" />,
  },
  {
    label: "X (Twitter)",
    href: "https://x.com/",
    icon: (
      <path d="M22 4s-.7 2.1-2 3.4c1.6 10-9.4 17.3-18 11.6 2.2.1 4.4-.6 6-2C3 15.5.5 9.6 3 5c2.2 2.6 5.6 4.1 9 4-.9-4.2 4-6.6 7-3.8 1.1 0 3-1.2 3-1.2z" />
    ),
  },
  {
    label: "Instagram",
    href: "https://www.instagram.com/",
    icon: (
      <>
        <rect width="20" height="20" x="2" y="2" rx="5" ry="5" />
        <path d="M16 11.37A4 4 0 1 1 12.63 8 4 4 0 0 1 16 11.37z" />
        <line x1="17.5" x2="17.51" y1="6.5" y2="6.5" />
      </>
    ),
  },
  {
    label: "LinkedIn",
    href: "https://www.linkedin.com/",
    icon: (
      <>
        <path d="M16 8a6 6 0 0 1 6 6v7h-4v-7a2 2 0 0 0-2-2 2 2 0 0 0-2 2v7h-4v-7a6 6 0 0 1 6-6z" />
        <rect width="4" height="12" x="2" y="9" />
        <circle cx="4" cy="4" r="2" />
      </>
    ),
  },
];

// A client component although nothing in it is interactive: the markup of a server component is
// sent twice, as HTML and again in each page's RSC payload, while this one's code is one script
// that the browser keeps for every page.

/**
 * The site footer; `platformName` is the name of /admin/settings. `year` is the server's (a cached
 * page is rendered again at least every minute), so that the browser renders the same text.
 */
export function SiteFooter({
  platformName = DEFAULT_PLATFORM_NAME,
  year,
}: {
  platformName?: string;
  year: number;
}) {
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <div className="grid grid-cols-2 gap-10 lg:grid-cols-5">
          <div className="col-span-2 space-y-5">
            <Link
              href="/"
              className="footer-link inline-flex items-center gap-2 text-lg font-bold text-white"
            >
              <GraduationCap className="size-7 text-brand-100" aria-hidden="true" />
              {platformName}
            </Link>
            <p className="max-w-sm text-sm leading-6">
              Your Journey to Global Education. Search and apply to top universities of your choice.
            </p>
            <address className="space-y-2 text-sm not-italic">
              <p className="flex items-start gap-2">
                <MapPinIcon className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden="true" />
                123 Education Street, Learning City, 12345
              </p>
              <p className="flex items-center gap-2">
                <PhoneIcon className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
                <a href="tel:+15551234567" className="footer-link">
                  +1 (555) 123-4567
                </a>
              </p>
              <p className="flex items-center gap-2">
                <MailIcon className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
                <a href="mailto:info@unisearch.example" className="footer-link">
                  info@unisearch.example
                </a>
              </p>
            </address>
            <ul className="flex gap-3">
              {SOCIAL_LINKS.map((social) => (
                <li key={social.label}>
                  <a
                    href={social.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={social.label}
                    className="flex size-9 items-center justify-center rounded-full bg-slate-800 text-slate-300 transition-colors hover:bg-brand-600 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
                  >
                    <svg
                      viewBox="0 0 24 24"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2"
                      strokeLinecap="round"
                      strokeLinejoin="round"
                      className="size-4"
                      aria-hidden="true"
                    >
                      {social.icon}
                    </svg>
                  </a>
                </li>
              ))}
            </ul>
          </div>

          {LINK_GROUPS.map((group) => (
            <nav key={group.id} aria-labelledby={group.id}>
              <h2 id={group.id} className="text-sm font-semibold tracking-wide text-white">
                {group.title}
              </h2>
              <ul className="mt-4 space-y-3 text-sm">
                {group.links.map((link) => (
                  <li key={link.href}>
                    <Link
                      href={link.href}
                      prefetch={REDIRECTED.has(link.href) ? false : undefined}
                      className="footer-link"
                    >
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>

        <div aria-hidden="true" className="my-8 h-px bg-slate-800" />
        <p className="text-sm text-slate-400">{`© ${year} ${platformName}. All rights reserved.`}</p>
      </div>
    </footer>
  );
}
