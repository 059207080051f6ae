import type { Metadata } from "next";
import Link from "next/link";
import { notFound, permanentRedirect } from "next/navigation";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { SaveButton } from "@/components/shortlist/save-button";
import { CampusGallery } from "@/components/university/campus-gallery";
import { DataFreshness } from "@/components/university/data-freshness";
import { NoPrograms } from "@/components/university/no-programs";
import { ProgramTabs } from "@/components/university/program-tabs";
import { ProgramsUnavailable } from "@/components/university/programs-unavailable";
import { UniversityHero } from "@/components/university/university-hero";
import {
  cachedPlatformName,
  cachedStudyLists,
  cachedUniversityPage,
  cachedUniversityScholarships,
} from "@/lib/cache/reads.server";
import { UniversityScholarships } from "@/components/scholarships/university-scholarships";
import { scholarshipsByProgram } from "@/lib/scholarships/program-entries";
import { rankingDescription, rankingLabel } from "@/lib/universities/ranking";
import {
  absoluteImageUrl,
  describeUniversity,
  safeWebsite,
  serializeJsonLd,
  summarize,
  universityJsonLd,
  universityPath,
} from "@/lib/universities/seo.server";
import { currentSlugOf } from "@/lib/universities/queries.server";

type UniversityPageProps = { params: Promise<{ slug: string }> };

const linkClass =
  "rounded-sm font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none";

// Rendered on a university's first visit and then served from the cache until an edit of the
// university or its programs expires it (lib/cache/tags.server.ts), or its minute of revalidation ends.
// The build prerenders no university: it has no database.
export function generateStaticParams() {
  return [];
}

export const revalidate = 60;

/** The university at `slug`; a slug it had before a rename redirects (308) to its current one. */
async function universityAt(slug: string) {
  const university = await cachedUniversityPage(slug);
  if (university) return university;
  const current = await currentSlugOf(slug);
  if (current) permanentRedirect(universityPath(current));
  notFound();
}

export async function generateMetadata({ params }: UniversityPageProps): Promise<Metadata> {
  const { slug } = await params;
  const university = await cachedUniversityPage(slug);
  if (!university) {
    // An old slug: the page redirects (both redirecting would send the Location header twice).
    // No university at all: the 404 page, with its own title, decided here as before the page.
    if (await currentSlugOf(slug)) return {};
    notFound();
  }
  // An archived university is off the site: its old address says so, and is not indexed.
  if (university.archived) return { title: university.name, robots: { index: false } };

  const description = summarize(describeUniversity(university));
  const image = absoluteImageUrl(university.mainImage);
  return {
    title: university.name,
    description,
    alternates: { canonical: universityPath(university.slug) },
    openGraph: {
      title: university.name,
      description,
      url: universityPath(university.slug),
      type: "website",
      ...(image && { images: [{ url: image, alt: `${university.name} main campus` }] }),
    },
  };
}

export default async function UniversityPage({ params }: UniversityPageProps) {
  const { slug } = await params;
  const university = await universityAt(slug);
  if (university.archived) {
    return (
      <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-16 sm:px-6 lg:px-8">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{university.name}</h1>
        <Alert variant="info">
          <AlertTitle>This university no longer takes applications</AlertTitle>
          <AlertDescription>
            <p>
              It has been withdrawn from {await cachedPlatformName()}. If you applied, your application is
              still under{" "}
              <Link href="/user/applications" className={linkClass}>
                My Applications
              </Link>
              . To apply elsewhere,{" "}
              <Link href="/universities/search" className={linkClass}>
                search universities
              </Link>
              .
            </p>
          </AlertDescription>
        </Alert>
      </div>
    );
  }
  const rankingText = rankingLabel(university);
  const website = safeWebsite(university.webPage);
  const scholarships = await cachedUniversityScholarships(university.id, university.slug);

  return (
    <>
      <UniversityHero
        name={university.name}
        country={university.country}
        countryCode={university.countryCode}
        ranking={rankingText ? { label: rankingText, description: rankingDescription(university)! } : null}
        mainImage={university.mainImage}
        website={website}
      />
      <div className="mx-auto flex max-w-6xl flex-col gap-14 px-4 py-12 sm:px-6 lg:px-8">
        <DataFreshness
          subject="this university and its programs"
          lastUpdated={university.lastUpdated}
          website={website}
        />
        <section aria-labelledby="about-heading">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="about-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
              About the University
            </h2>
            <SaveButton type="university" id={university.id} name={university.name} />
          </div>
          <p className="mt-4 max-w-3xl leading-relaxed whitespace-pre-line text-slate-700">
            {describeUniversity(university)}
          </p>
        </section>
        <section aria-labelledby="gallery-heading">
          <h2 id="gallery-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
            Campus Gallery
          </h2>
          <div className="mt-4">
            <CampusGallery name={university.name} images={university.images} />
          </div>
        </section>
        <section aria-labelledby="programs-heading">
          <h2 id="programs-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
            Available Programs
          </h2>
          <div className="mt-4">
            {university.programsFailed ? (
              <ProgramsUnavailable />
            ) : university.programs.length > 0 ? (
              <ProgramTabs
                programs={university.programs}
                levels={(await cachedStudyLists()).levels}
                scholarships={scholarshipsByProgram(scholarships)}
              />
            ) : (
              <NoPrograms website={website} />
            )}
          </div>
        </section>
        <UniversityScholarships universityId={university.id} scholarships={scholarships} now={new Date()} />
      </div>
      <script
        type="application/ld+json"
        // Safe: serializeJsonLd escapes "<", so no value can end the script element.
        dangerouslySetInnerHTML={{ __html: serializeJsonLd(universityJsonLd(university)) }}
      />
    </>
  );
}
