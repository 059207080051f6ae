import Link from "next/link";
import { leftOutNote, type FitFilter } from "@/lib/programs/fit-filters";
import type { FitCondition } from "@/lib/programs/fit-sql.server";

const linkClass = "font-medium text-brand-700 underline underline-offset-4";

/**
 * Beside the program search's count: for each chosen fit filter, how many programs it left out,
 * or why it could not apply (signed out, or the profile lacks what it checks) with the way to fix
 * that. A filter that cannot apply leaves nothing out, so the results never shrink unexplained.
 */
export function FitFilterNotes({
  conditions,
  leftOut,
  approximate,
  returnTo,
}: {
  conditions: readonly FitCondition[];
  leftOut: Partial<Record<FitFilter, number>>;
  /** The counts are estimates (lib/paging.ts, EXACT_COUNT_BOUND). */
  approximate?: boolean;
  /** This search's address, to come back to after signing in. */
  returnTo: string;
}) {
  if (conditions.length === 0) return null;
  return (
    <ul className="mt-1 grid gap-0.5" data-testid="fit-filter-notes">
      {conditions.map((condition) => (
        <li key={condition.filter}>
          {condition.sql ? (
            leftOutNote(condition.filter, leftOut[condition.filter] ?? 0, approximate)
          ) : (
            <>
              {condition.unusable}{" "}
              {condition.fix === "sign-in" ? (
                <Link href={`/auth?callbackUrl=${encodeURIComponent(returnTo)}`} className={linkClass}>
                  Sign in
                </Link>
              ) : (
                <Link href="/user/profile#study-profile" className={linkClass}>
                  Edit your study profile
                </Link>
              )}
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
