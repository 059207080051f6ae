import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cachedPlatformName } from "@/lib/cache/reads.server";
import { env } from "@/lib/env.server";
import { MAIL_PREVIEWS } from "@/lib/mail/previews.server";

// The development preview of every e-mail the app sends, rendered from the samples of
// lib/mail/previews.server.ts with the platform's name: the HTML as a phone and a wide window
// show it, the plain-text alternative, the subject and the size. A production server answers 404.

export const metadata: Metadata = { title: "E-mail previews", robots: { index: false, follow: false } };

export const dynamic = "force-dynamic";

export default async function EmailPreviewsPage() {
  if (env.NODE_ENV === "production") notFound();
  const platformName = await cachedPlatformName();
  const previews = await Promise.all(
    MAIL_PREVIEWS.map(async (preview) => ({ ...preview, mail: await preview.render(platformName) })),
  );
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-semibold text-slate-900">E-mail previews</h1>
      <p className="mt-2 text-slate-700">
        Every e-mail the app sends, with sample data (development only). Templates live in{" "}
        <code>lib/mail/templates</code>, their samples in <code>lib/mail/previews.server.ts</code>.
      </p>
      <nav aria-label="E-mails" className="mt-4">
        <ul className="flex flex-wrap gap-x-4 gap-y-1">
          {previews.map((preview) => (
            <li key={preview.id}>
              <a href={`#${preview.id}`} className="text-brand-700 underline hover:text-brand-900">
                {preview.id}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {previews.map(({ id, template, sentWhen, mail }) => (
        <section
          key={id}
          id={id}
          aria-labelledby={`${id}-subject`}
          className="mt-10 border-t border-slate-200 pt-6"
        >
          <h2 id={`${id}-subject`} className="text-lg font-semibold text-slate-900">
            {mail.subject}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {sentWhen} <code>lib/mail/templates/{template}</code>, HTML{" "}
            {(Buffer.byteLength(mail.html) / 1024).toFixed(1)} KB.
          </p>
          <div className="mt-4 flex flex-col gap-4 lg:flex-row">
            <iframe
              title={`${mail.subject}: as a phone shows it`}
              srcDoc={mail.html}
              sandbox="allow-popups allow-popups-to-escape-sandbox"
              className="h-[600px] w-[375px] max-w-full shrink-0 rounded border border-slate-300 bg-white"
            />
            <iframe
              title={`${mail.subject}: as a wide window shows it`}
              srcDoc={mail.html}
              sandbox="allow-popups allow-popups-to-escape-sandbox"
              className="h-[600px] w-full rounded border border-slate-300 bg-white"
            />
          </div>
          <details className="mt-4">
            <summary className="cursor-pointer font-medium text-slate-800">Plain-text alternative</summary>
            <pre className="mt-2 overflow-x-auto rounded bg-slate-100 p-4 text-sm whitespace-pre-wrap text-slate-800">
              {mail.text}
            </pre>
          </details>
        </section>
      ))}
    </main>
  );
}
