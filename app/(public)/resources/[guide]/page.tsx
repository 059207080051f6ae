import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import {
  ContentList,
  ContentPage,
  ContentSection,
  contentLinkClass,
} from "@/components/content/content-page";
import { GUIDES, guideBySlug, guidePath, type GuideBlock } from "@/lib/resources/guides";

type GuidePageProps = { params: Promise<{ guide: string }> };

// Every guide is prerendered at build time; any other slug is the 404 page.
export function generateStaticParams() {
  return GUIDES.map((guide) => ({ guide: guide.slug }));
}

export const dynamicParams = false;

export async function generateMetadata({ params }: GuidePageProps): Promise<Metadata> {
  const guide = guideBySlug((await params).guide);
  if (!guide) notFound();
  return {
    title: guide.title,
    description: guide.description,
    alternates: { canonical: guidePath(guide.slug) },
    openGraph: {
      title: guide.title,
      description: guide.description,
      url: guidePath(guide.slug),
      type: "article",
    },
  };
}

export default async function GuidePage({ params }: GuidePageProps) {
  const guide = guideBySlug((await params).guide);
  if (!guide) notFound();
  const others = GUIDES.filter((other) => other.slug !== guide.slug);
  return (
    <ContentPage
      title={guide.title}
      lead={guide.description}
      breadcrumbs={[{ href: "/resources", label: "Resources" }]}
    >
      {guide.sections.map((section, index) => (
        <ContentSection key={section.heading} id={`section-${index + 1}`} title={section.heading}>
          {section.blocks.map((block, blockIndex) => (
            <Block key={blockIndex} block={block} />
          ))}
        </ContentSection>
      ))}
      <aside aria-labelledby="next-heading" className="rounded-xl border border-slate-200 bg-slate-50 p-6">
        <h2 id="next-heading" className="text-lg font-semibold text-slate-900">
          Next steps
        </h2>
        <ul className="mt-3 flex flex-col gap-2">
          {guide.next.map((link) => (
            <li key={link.href}>
              <Link href={link.href} className={contentLinkClass}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
        <h3 className="mt-6 text-base font-semibold text-slate-900">Other guides</h3>
        <ul className="mt-3 flex flex-col gap-2">
          {others.map((other) => (
            <li key={other.slug}>
              <Link href={guidePath(other.slug)} className={contentLinkClass}>
                {other.title}
              </Link>
            </li>
          ))}
        </ul>
      </aside>
      <p className="text-sm text-slate-600">
        General information, not legal or immigration advice. Confirm requirements, fees and deadlines with
        the university and the official government sources before you act.
      </p>
    </ContentPage>
  );
}

function Block({ block }: { block: GuideBlock }) {
  switch (block.type) {
    case "paragraph":
      return <p>{block.text}</p>;
    case "list":
    case "steps":
      return (
        <ContentList ordered={block.type === "steps"}>
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ContentList>
      );
  }
}
