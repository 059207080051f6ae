"use client";

import { buttonVariants } from "@/components/ui/button-variants";

/**
 * What a visitor sees when a page fails on our side (the database unreachable, a bug): what
 * happened and what to do, instead of Next's bare error page. The error's details stay in the
 * server's log; `digest` lets support find them.
 */
export function ErrorMessage({ digest, retry }: { digest?: string; retry: () => void }) {
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-3xl font-bold text-slate-900">This page could not be loaded</h1>
      <p className="text-slate-600">
        Something went wrong on our side, and nothing you did caused it. Please try again in a minute; if it
        keeps happening, contact support{digest ? " with the reference below" : ""}.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        {/* The button's look without the Button component: see buttonVariants. */}
        <button type="button" className={buttonVariants()} onClick={retry}>
          Try again
        </button>
        {/* A full page load on purpose: the part of the app that failed starts afresh. */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
        <a
          href="/"
          className="inline-flex items-center px-3 font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900"
        >
          Go to the home page
        </a>
      </div>
      {digest && <p className="text-xs text-slate-600">Reference: {digest}</p>}
    </div>
  );
}
