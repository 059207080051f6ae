"use client";

import { createContext, useContext, useMemo } from "react";
import type { CountryOption } from "./filter-fields";

// The options of a search page's filters (countries and the study lists), given once by
// the page's layout: a filter change re-renders the page only, so its payload carries the results
// and not the option lists again, and the sidebar and the mobile sheet share one copy.

export interface FilterOptions {
  countries: CountryOption[];
  /** The study level list of settings. */
  levels: string[];
  /** /programs: the study field list (the university search has its own fixed list of fields, lib/constants.ts). */
  fields?: string[];
}

const FilterOptionsContext = createContext<FilterOptions>({ countries: [], levels: [] });

/** A country as the layout gives it: a pair, half the bytes of an object in the page's payload. */
export type CountryEntry = readonly [code: string, name: string];

export function FilterOptionsProvider({
  children,
  countries,
  levels,
  fields,
}: Omit<FilterOptions, "countries"> & { countries: CountryEntry[]; children: React.ReactNode }) {
  const value = useMemo(
    () => ({ countries: countries.map(([code, name]) => ({ code, name })), levels, fields }),
    [countries, levels, fields],
  );
  return <FilterOptionsContext.Provider value={value}>{children}</FilterOptionsContext.Provider>;
}

export const useFilterOptions = () => useContext(FilterOptionsContext);
