import { ArrowRightIcon } from "lucide-react";
import Link from "next/link";
import { ContentPage } from "@/components/content/content-page";
import { GUIDES, guidePath } from "@/lib/resources/guides";
import { contentMetadata } from "@/lib/resources/pages";

const DESCRIPTION =
  "Guides for prospective students: choosing a program, writing a personal statement, the application checklist, language and admission tests, visas and costs.";

export const metadata = contentMetadata("/resources", "Resources", DESCRIPTION);

// Prerendered: the guides are plain data (lib/resources/guides.ts).
export default function ResourcesPage() {
  return (
    <ContentPage
      title="Resources"
      lead="Practical guides for every step of applying to study abroad, from choosing a program to arriving with the right visa."
      className="max-w-5xl"
    >
      <ul className="grid gap-6 sm:grid-cols-2">
        {GUIDES.map((guide) => (
          <li key={guide.slug}>
            <Link
              href={guidePath(guide.slug)}
              className="group flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
            >
              <h2 className="text-lg font-semibold text-slate-900 group-hover:text-brand-700">
                {guide.title}
              </h2>
              <p className="flex-1 text-sm leading-6 text-slate-700">{guide.description}</p>
              <span className="inline-flex items-center gap-1 text-sm font-medium text-brand-700">
                Read the guide
                <ArrowRightIcon aria-hidden="true" className="size-4" />
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="text-sm text-slate-600">
        These guides give general information, not legal or immigration advice. Requirements, fees and
        deadlines differ between countries and universities and change over time: always confirm them with the
        university and the official government sources before you act.
      </p>
    </ContentPage>
  );
}
