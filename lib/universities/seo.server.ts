import "server-only";
import { env } from "@/lib/env.server";
import type { UniversityWithPrograms } from "./queries.server";

// What a university page tells search engines: its URL, a short description, and schema.org
// structured data (JSON-LD).

/** The path of a university's page. */
export function universityPath(slug: string): string {
  return `/university/${slug}`;
}

/** The absolute canonical URL of a university's page. */
export function universityUrl(slug: string, baseUrl: string = env.APP_URL): string {
  return new URL(universityPath(slug), baseUrl).toString();
}

/** Text for a meta description: whitespace collapsed, cut at a word before `max` characters. */
export function summarize(text: string, max = 155): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.-]+$/, "")}…`;
}

/** The university's description, or a sentence of fact that stands in for a missing one. */
export function describeUniversity(university: {
  name: string;
  country: string;
  description: string | null;
}) {
  const description = university.description?.trim();
  return description ? description : `${university.name} is a university in ${university.country}.`;
}

/**
 * An image address as an absolute URL for metadata and structured data: site paths are resolved
 * against the base URL, http(s) URLs kept; anything else (data: URLs of uploads) is left out.
 */
export function absoluteImageUrl(src: string | null, baseUrl: string = env.APP_URL): string | null {
  if (!src) return null;
  if (src.startsWith("/") && !src.startsWith("//")) return new URL(src, baseUrl).toString();
  try {
    const url = new URL(src);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}

/** The official website as a link target: http(s) only, so no `javascript:` URL is ever rendered. */
export function safeWebsite(webPage: string | null): string | null {
  if (!webPage) return null;
  try {
    const url = new URL(webPage.trim());
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}

/**
 * schema.org data of a university page: the CollegeOrUniversity and, beside it in the @graph, one
 * EducationalOccupationalProgram per program, each naming the university as its provider.
 */
export function universityJsonLd(university: UniversityWithPrograms, baseUrl: string = env.APP_URL) {
  const url = universityUrl(university.slug, baseUrl);
  const images = [university.mainImage, ...university.images]
    .map((src) => absoluteImageUrl(src, baseUrl))
    .filter((src): src is string => src !== null);
  const website = safeWebsite(university.webPage);

  return {
    "@context": "https://schema.org",
    "@graph": [
      {
        "@type": "CollegeOrUniversity",
        "@id": url,
        name: university.name,
        url,
        ...(website && { sameAs: website }),
        address: { "@type": "PostalAddress", addressCountry: university.countryCode },
        description: describeUniversity(university),
        ...(images.length > 0 && { image: images.length === 1 ? images[0] : images }),
      },
      ...university.programs.map((program) => ({
        "@type": "EducationalOccupationalProgram",
        "@id": `${url}#program-${program.id}`,
        name: program.name,
        description: program.description,
        url,
        educationalCredentialAwarded: program.degree,
        timeToComplete: `P${program.duration}Y`,
        applicationDeadline: program.deadline.toISOString().slice(0, 10),
        offers: {
          "@type": "Offer",
          price: program.tuition,
          priceCurrency: program.currency,
          category: "Tuition",
        },
        provider: { "@id": url },
      })),
    ],
  };
}

/**
 * JSON for an inline <script type="application/ld+json">: every "<" escaped, so that no value
 * (a name containing "</script>", say) can close the script element.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
