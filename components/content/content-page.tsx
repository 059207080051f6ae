import Link from "next/link";
import { cn } from "@/lib/utils";

// The frame and text styles of the content pages (/resources, the guides, /about, /contact and the
// legal pages): server components with no data of their own, so the pages prerender.

export const contentLinkClass =
  "rounded-sm font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none";

type ContentPageProps = {
  title: string;
  /** The sentence under the title. */
  lead?: React.ReactNode;
  /** Where this page sits, above the title: [{ href: "/resources", label: "Resources" }]. */
  breadcrumbs?: { href: string; label: string }[];
  /** A line under the lead, e.g. when a policy was last changed. */
  meta?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
};

/** A content page: breadcrumbs, the one h1, its lead, then the sections. */
export function ContentPage({ title, lead, breadcrumbs, meta, children, className }: ContentPageProps) {
  return (
    <div className={cn("mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:px-8", className)}>
      {breadcrumbs && breadcrumbs.length > 0 && (
        <nav aria-label="Breadcrumb" className="mb-4 text-sm text-slate-600">
          <ol className="flex flex-wrap items-center gap-2">
            {breadcrumbs.map((crumb) => (
              <li key={crumb.href} className="flex items-center gap-2">
                <Link href={crumb.href} className={contentLinkClass}>
                  {crumb.label}
                </Link>
                <span aria-hidden="true">/</span>
              </li>
            ))}
            <li aria-current="page" className="text-slate-700">
              {title}
            </li>
          </ol>
        </nav>
      )}
      <h1 className="text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">{title}</h1>
      {lead && <p className="mt-4 text-lg leading-relaxed text-slate-700">{lead}</p>}
      {meta && <p className="mt-3 text-sm text-slate-600">{meta}</p>}
      <div className="mt-10 flex flex-col gap-10">{children}</div>
    </div>
  );
}

/** A titled section of a content page (an h2 and its text). */
export function ContentSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-xl font-semibold tracking-tight text-slate-900 sm:text-2xl">
        {title}
      </h2>
      <div className="mt-4 flex flex-col gap-4 leading-relaxed text-slate-700">{children}</div>
    </section>
  );
}

/** A bulleted list in a content section. */
export function ContentList({ children, ordered = false }: { children: React.ReactNode; ordered?: boolean }) {
  const className = cn("flex flex-col gap-2 pl-6", ordered ? "list-decimal" : "list-disc");
  return ordered ? <ol className={className}>{children}</ol> : <ul className={className}>{children}</ul>;
}
