import { BookOpen, Globe2, Compass } from "lucide-react";
import { cachedCountries, cachedStudyLists } from "@/lib/cache/reads.server";
import { FilterFields } from "@/components/search/filter-fields";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

const FEATURES = [
  {
    icon: BookOpen,
    title: "Explore Programs",
    text: "Browse thousands of academic programs at universities worldwide.",
  },
  {
    icon: Globe2,
    title: "Global Universities",
    text: "Apply to top universities around the world from one place.",
  },
  {
    icon: Compass,
    title: "Expert Guidance",
    text: "Get support throughout the application process, step by step.",
  },
];

// Rendered once from the database, then served from the cache (lib/cache/reads.server.ts).
export const revalidate = 60;

export default async function HomePage() {
  const [countries, { levels }] = await Promise.all([cachedCountries(), cachedStudyLists()]);
  return (
    <div>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-5xl px-4 pt-20 pb-12 text-center sm:px-6 lg:px-8">
          <h1 className="text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            Your Journey to Global Education
          </h1>
          <p className="mt-4 text-lg text-slate-600">Search and apply to top universities.</p>
        </div>
        <div className="mx-auto max-w-4xl px-4 pb-16 sm:px-6 lg:px-8">
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2 className="text-xl">Find your dream university</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              {/* A plain GET form: the selects submit country, level and field to the search page. */}
              <form action="/universities/search" method="get" role="search" aria-label="Find universities">
                <FilterFields layout="grid" countries={countries} levels={levels} searchAction />
              </form>
            </CardContent>
          </Card>
        </div>
      </section>

      <section aria-labelledby="features-heading" className="mx-auto max-w-5xl px-4 py-16 sm:px-6 lg:px-8">
        <h2 id="features-heading" className="sr-only">
          What you can do
        </h2>
        <ul className="grid gap-8 sm:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="text-center">
              <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-brand-100 text-brand-700">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
