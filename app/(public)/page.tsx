import Link from "next/link";

export default function HomePage() {
  return (
    <div className="mx-auto flex max-w-5xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
        Your Journey to Global Education
      </h1>
      <p className="mt-4 text-lg text-slate-600">Search and apply to top universities.</p>
      <Link
        href="/universities/search"
        className="mt-8 rounded-md bg-brand-600 px-5 py-2.5 font-medium text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        Find your dream university
      </Link>
    </div>
  );
}
