"use client";

import { useSyncExternalStore } from "react";
import { COMPARE_MAX } from "@/lib/programs/compare-limits";

// The programs ticked for comparison on /programs, kept while the visitor pages, filters and sorts
// until they press Clear. In sessionStorage: the tab's own, kept across reloads and Back, and no
// part of the address, so the search pages stay one cached page per search for everyone (a
// `compare=` parameter would make every selection its own cache entry). Without JavaScript the
// boxes are plain `ids` checkboxes of the page's form, as before.

const STORAGE_KEY = "unisearch.compare";

interface Selection {
  /** Program ids, in the order they were ticked. */
  ids: readonly number[];
  /** The last tick was refused: COMPARE_MAX were already chosen. */
  full: boolean;
}

const EMPTY: Selection = { ids: [], full: false };
let selection: Selection | null = null;
const listeners = new Set<() => void>();

function read(): readonly number[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "[]");
    if (!Array.isArray(parsed)) return [];
    const ids = parsed.filter((id): id is number => Number.isInteger(id) && id > 0);
    return [...new Set(ids)].slice(0, COMPARE_MAX);
  } catch {
    return [];
  }
}

function current(): Selection {
  selection ??= { ids: read(), full: false };
  return selection;
}

function set(next: Selection) {
  selection = next;
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(next.ids));
  } catch {
    // Storage refused (private mode quota): the selection lasts as long as the page.
  }
  for (const listener of listeners) listener();
}

/** Ticks or unticks a program; a tick beyond COMPARE_MAX is refused (and `full` says so). */
export function toggleCompare(id: number): void {
  const { ids } = current();
  if (ids.includes(id)) set({ ids: ids.filter((other) => other !== id), full: false });
  else if (ids.length >= COMPARE_MAX) set({ ids, full: true });
  else set({ ids: [...ids, id], full: false });
}

export function clearCompare(): void {
  set(EMPTY);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The selection; empty on the server and while hydrating, so the HTML is the same for everyone. */
export function useCompareSelection(): Selection {
  return useSyncExternalStore(subscribe, current, () => EMPTY);
}
