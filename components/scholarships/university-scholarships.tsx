import Link from "next/link";
import { ScholarshipCard, type ScholarshipCardData } from "./scholarship-card";
import { universityScholarshipsPath } from "@/lib/scholarships/paths";

const linkClass =
  "rounded-sm font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none";

/**
 * The "Scholarships and funding" section of a university page: its own scholarships and its
 * programs' (each card says which program), and the way to search all scholarships. Says so when
 * there are none: a production catalogue starts without any.
 */
export function UniversityScholarships({
  universityId,
  scholarships,
  now,
}: {
  universityId: number;
  scholarships: ScholarshipCardData[];
  now: Date;
}) {
  return (
    <section aria-labelledby="scholarships-heading">
      <h2 id="scholarships-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
        Scholarships and funding
      </h2>
      {scholarships.length > 0 ? (
        <>
          <ul className="mt-4 flex flex-col gap-4">
            {scholarships.map((scholarship) => (
              <li key={scholarship.id}>
                <ScholarshipCard scholarship={scholarship} now={now} showOwner={false} />
              </li>
            ))}
          </ul>
          <p className="mt-4 text-sm">
            <Link href={universityScholarshipsPath(universityId)} className={linkClass}>
              Filter these scholarships by nationality, level and grade
            </Link>
          </p>
        </>
      ) : (
        <p className="mt-4 text-slate-700">
          No scholarships of this university are listed here yet.{" "}
          <Link href="/scholarships" className={linkClass}>
            Search all scholarships
          </Link>{" "}
          (governments and foundations fund study at many universities), and check the university&apos;s
          website.
        </p>
      )}
    </section>
  );
}
