import { ExternalLink, Trophy } from "lucide-react";
import Image from "next/image";
import { CountryFlag } from "@/components/country-flag";
import { cn } from "@/lib/utils";
import { bypassesOptimizer } from "./image-src";

type UniversityHeroProps = {
  name: string;
  country: string;
  countryCode: string;
  /** The ranking as shown ("QS 2026: 45") and as read aloud; null when not ranked (or without a source). */
  ranking: { label: string; description: string } | null;
  mainImage: string | null;
  /** An http(s) URL, already checked. */
  website: string | null;
};

/** The top of a university page: its main image (or a drawn backdrop), name, country and rank. */
export function UniversityHero({
  name,
  country,
  countryCode,
  ranking,
  mainImage,
  website,
}: UniversityHeroProps) {
  return (
    <header className="relative isolate overflow-hidden bg-brand-900 text-white">
      {mainImage ? (
        <>
          <Image
            src={mainImage}
            alt={`${name} main campus`}
            fill
            sizes="100vw"
            // The largest thing on the page (its LCP): preloaded from <head>, fetched first.
            preload
            fetchPriority="high"
            unoptimized={bypassesOptimizer(mainImage)}
            className="-z-20 object-cover"
          />
          {/* Darkens the photo where the text sits, so that the text stays readable on any image. */}
          <div
            aria-hidden="true"
            className="absolute inset-0 -z-10 bg-gradient-to-t from-slate-950/90 via-slate-950/55 to-slate-950/20"
          />
        </>
      ) : (
        <div
          aria-hidden="true"
          className={cn(
            "absolute inset-0 -z-10 bg-gradient-to-br from-brand-900 via-brand-700 to-brand-600",
            "after:absolute after:inset-0 after:bg-[radial-gradient(circle_at_1px_1px,rgb(255_255_255/0.14)_1px,transparent_0)] after:bg-[size:22px_22px]",
          )}
        />
      )}
      <div className="mx-auto flex min-h-72 max-w-6xl flex-col justify-end gap-4 px-4 pt-24 pb-10 sm:min-h-96 sm:px-6 lg:px-8">
        <div className="flex flex-wrap items-center gap-3 text-sm font-medium">
          <span className="inline-flex items-center gap-2 rounded-full bg-slate-950/40 px-3 py-1 backdrop-blur-sm">
            <CountryFlag code={countryCode} />
            {country}
          </span>
          {ranking !== null && (
            <span className="inline-flex items-center gap-1.5 rounded-full bg-white px-3 py-1 font-semibold text-brand-900 shadow-sm">
              <Trophy aria-hidden="true" className="size-4" />
              <span aria-hidden="true">{ranking.label}</span>
              <span className="sr-only">{ranking.description}</span>
            </span>
          )}
        </div>
        <h1 className="max-w-4xl text-3xl font-bold tracking-tight text-balance sm:text-5xl">{name}</h1>
        {website && (
          <p>
            <a
              href={website}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-2 rounded-md bg-white px-4 py-2 text-sm font-medium text-brand-900 shadow-sm hover:bg-brand-50 focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-brand-900 focus-visible:outline-none"
            >
              Visit official website
              <ExternalLink aria-hidden="true" className="size-4" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </p>
        )}
      </div>
    </header>
  );
}
