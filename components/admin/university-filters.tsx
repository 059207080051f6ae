"use client";

import { useId, useTransition } from "react";
import { useQueryStates } from "nuqs";
import { QueryInput } from "@/components/search/query-input";
import { adminUniversitiesParsers } from "@/lib/universities/admin-search-params";

// The search box of /admin/universities. The text lives in the query string (nuqs) and re-renders
// the server page, which searches and pages in the database; a new search returns to page 1.
export function UniversityFilters() {
  const id = useId();
  const [isPending, startTransition] = useTransition();
  const [params, setParams] = useQueryStates(adminUniversitiesParsers, {
    shallow: false,
    history: "push",
    startTransition,
  });

  return (
    <form role="search" aria-label="Search universities" onSubmit={(event) => event.preventDefault()}>
      <div className="max-w-xl">
        <QueryInput
          id={`${id}-q`}
          label="Search"
          placeholder="University name"
          value={params.q}
          onChange={(q, options) => setParams({ q, page: null }, options)}
        />
      </div>
      <p role="status" className="sr-only">
        {isPending ? "Updating results…" : ""}
      </p>
    </form>
  );
}
