import { BellPlusIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { canonicalSearch, type SavedSearchKind } from "@/lib/saved-searches/kinds";

/**
 * "Save this search": a plain GET form to the page that names and saves it (/user/searches/new),
 * carrying the search's canonical filters. It is the same for every visitor, so the search page
 * stays cacheable and adds no script; who is signed in is that page's business.
 */
export function SaveSearchControl({
  kind,
  searchParams,
}: {
  kind: SavedSearchKind;
  searchParams: Record<string, string | string[] | undefined>;
}) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(searchParams)) {
    const last = Array.isArray(value) ? value.at(-1) : value;
    if (last !== undefined) params.set(name, last);
  }
  const canonical = canonicalSearch(kind, params);
  if (!canonical.ok) return null;
  return (
    <form method="get" action="/user/searches/new" aria-label="Save this search">
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="query" value={canonical.query} />
      <Button type="submit" variant="outline">
        <BellPlusIcon aria-hidden="true" />
        Save this search
      </Button>
    </form>
  );
}
