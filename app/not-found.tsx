import type { Metadata } from "next";
import Link from "next/link";
import { PublicShell } from "@/components/layout/public-shell";
import { cachedIsDemoDatabase, cachedPlatformName } from "@/lib/cache/reads";

export const metadata: Metadata = { title: "404 Page Not Found" };

export default async function NotFound() {
  // This file sits outside app/(public), so it brings the public frame itself.
  return (
    <PublicShell platformName={await cachedPlatformName()} demoData={await cachedIsDemoDatabase()}>
      <div className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 text-center">
        <h1 className="text-3xl font-bold text-slate-900">404 Page Not Found</h1>
        <p className="mt-3 text-slate-600">The page you are looking for does not exist or has moved.</p>
        <Link
          href="/"
          className="mt-6 font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900"
        >
          Go back home
        </Link>
      </div>
    </PublicShell>
  );
}
