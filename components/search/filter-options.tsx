"use client";

import { createContext, useContext } from "react";
import type { CountryOption } from "./filter-fields";

// The options of a search page's filters (countries, and /programs' study lists), given once by
// the page's layout: a filter change re-renders the page only, so its payload carries the results
// and not the option lists again, and the sidebar and the mobile sheet share one copy.

export interface FilterOptions {
  countries: CountryOption[];
  /** /programs: the database's study lists. */
  levels?: string[];
  fields?: string[];
}

const FilterOptionsContext = createContext<FilterOptions>({ countries: [] });

export function FilterOptionsProvider({
  children,
  ...options
}: FilterOptions & { children: React.ReactNode }) {
  return <FilterOptionsContext.Provider value={options}>{children}</FilterOptionsContext.Provider>;
}

export const useFilterOptions = () => useContext(FilterOptionsContext);
