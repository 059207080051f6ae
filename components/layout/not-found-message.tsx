import Link from "next/link";

/** The 404 page's message, inside whichever frame the page has. */
export function NotFoundMessage() {
  return (
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
  );
}
