"use client";

import { useTransition } from "react";
import { useQueryStates, type UseQueryStatesKeysMap } from "nuqs";

// A search page's filters live in the query string (nuqs): a change pushes a history entry and
// re-renders the server page, so each result page is a shareable URL and Back/Forward step
// through the searches. A module of its own, so that a page's filters do not bring another
// page's along.

/** A search page's filters in the URL: a change re-renders the server page (see above). */
export function useListState<P extends UseQueryStatesKeysMap>(parsers: P) {
  const [isPending, startTransition] = useTransition();
  const [params, setParams] = useQueryStates(parsers, {
    shallow: false,
    history: "push",
    startTransition,
  });
  return { params, setParams, isPending };
}
