import type { Metadata } from "next";
import Link from "next/link";
import { RenameSearchForm } from "@/components/saved-searches/rename-search-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ActionButton } from "@/components/user/action-button";
import { viewerOrSignIn } from "@/lib/auth/session.server";
import { deleteSearchAction, toggleSearchAlertAction } from "@/lib/saved-searches/actions";
import { listSavedSearches } from "@/lib/saved-searches/searches.server";
import { SAVED_SEARCHES_MAX } from "@/lib/validation/saved-searches";

export const metadata: Metadata = { title: "Saved searches" };

const linkClass = "font-medium text-brand-700 underline-offset-4 hover:underline";

type Props = { searchParams: Promise<{ saved?: string | string[] }> };

export default async function SavedSearchesPage({ searchParams }: Props) {
  const viewer = await viewerOrSignIn("/user/searches");
  const [searches, { saved }] = await Promise.all([listSavedSearches(viewer.id), searchParams]);
  const justSaved = searches.find((search) => String(search.id) === saved);

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Saved searches</h1>
        <p className="text-slate-600">
          Each search with its alert on is checked once a week: we e-mail you what is new or changed in it.
          You can keep up to {SAVED_SEARCHES_MAX}.
        </p>
      </div>
      {justSaved && (
        <p role="status" className="rounded-md bg-green-50 p-3 text-sm font-medium text-green-800">
          Saved &ldquo;{justSaved.name}&rdquo;.
        </p>
      )}
      {searches.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-10 text-center">
          <p className="text-lg font-semibold text-slate-900">No saved searches yet</p>
          <p className="mt-2 text-slate-600">
            Use Save this search under the results of a search to keep it here.
          </p>
          <div className="mt-4 flex justify-center gap-3">
            <Button asChild variant="outline">
              <Link href="/programs">Search programs</Link>
            </Button>
            <Button asChild variant="outline">
              <Link href="/universities/search">Search universities</Link>
            </Button>
          </div>
        </div>
      ) : (
        <ul className="flex flex-col gap-3" data-testid="saved-searches">
          {searches.map((search) => (
            <li
              key={search.id}
              className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
            >
              <div className="flex flex-wrap items-center gap-2">
                <Link href={search.path} className={`${linkClass} text-lg`}>
                  {search.name}
                </Link>
                <Badge variant="outline" data-testid={`alert-state-${search.id}`}>
                  {search.alertsEnabled ? "Alert on" : "Alert off"}
                </Badge>
              </div>
              <p className="text-sm text-slate-600">{search.description}</p>
              <RenameSearchForm id={search.id} name={search.name} />
              <div className="flex flex-wrap gap-3">
                <ActionButton
                  action={toggleSearchAlertAction}
                  fields={{ id: String(search.id), alertsEnabled: String(!search.alertsEnabled) }}
                  label={search.alertsEnabled ? `Turn off alerts` : `Turn on alerts`}
                  pendingLabel={search.alertsEnabled ? "Turning off..." : "Turning on..."}
                />
                <ActionButton
                  action={deleteSearchAction}
                  fields={{ id: String(search.id) }}
                  label="Delete"
                  pendingLabel="Deleting..."
                  variant="destructive"
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
