import type { Metadata } from "next";
import Link from "next/link";
import { SaveSearchForm } from "@/components/saved-searches/save-search-form";
import { viewerOrSignIn } from "@/lib/auth/session.server";
import {
  canonicalSearch,
  describeSearch,
  SAVED_SEARCH_KINDS,
  savedSearchPath,
  type SavedSearchKind,
} from "@/lib/saved-searches/kinds";
import { SAVED_SEARCH_NAME_MAX } from "@/lib/validation/saved-searches";

export const metadata: Metadata = { title: "Save this search" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";
const linkClass = "font-medium text-brand-700 underline-offset-4 hover:underline";

/**
 * Where "Save this search" under a search's results leads (a plain link: the search pages stay the
 * same for every visitor, and cacheable): the search in words, a name, and Save. Signed out, the
 * visitor signs in first and comes back here.
 */
export default async function SaveSearchPage({ searchParams }: Props) {
  const params = await searchParams;
  const kindText = first(params.kind);
  const query = first(params.query);
  await viewerOrSignIn(`/user/searches/new?${new URLSearchParams({ kind: kindText, query })}`);
  const kind = (SAVED_SEARCH_KINDS as readonly string[]).includes(kindText)
    ? (kindText as SavedSearchKind)
    : null;
  const canonical = kind ? canonicalSearch(kind, query) : null;

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Save this search</h1>
        <p className="text-slate-600">
          Keep it in your{" "}
          <Link href="/user/searches" className={linkClass}>
            saved searches
          </Link>{" "}
          and hear once a week what is new in it.
        </p>
      </div>
      {kind && canonical?.ok ? (
        <>
          <p className="rounded-md border border-slate-200 bg-white p-4 text-sm text-slate-700">
            <Link href={savedSearchPath(kind, canonical.query)} className={linkClass}>
              {describeSearch(kind, canonical.query)}
            </Link>
          </p>
          <SaveSearchForm
            kind={kind}
            query={canonical.query}
            suggestedName={describeSearch(kind, canonical.query).slice(0, SAVED_SEARCH_NAME_MAX)}
          />
        </>
      ) : (
        <p role="alert" className="rounded-md bg-red-50 p-4 text-sm font-medium text-red-800">
          {canonical && !canonical.ok
            ? `This search cannot be saved: ${canonical.message}. Change the filters and try again.`
            : "There is no search to save here. Open a university, program or scholarship search, then use Save this search under its results."}
        </p>
      )}
    </div>
  );
}
