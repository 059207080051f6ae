"use client";

import { useEffect, useSyncExternalStore } from "react";
import { announceSignedOut, hasSignedInHint, SIGNED_OUT_EVENT } from "@/lib/auth/signed-in-hint";
import { ApiError, apiFetch, errorStatus } from "@/lib/http/client";
import { isShortlistKind } from "@/lib/shortlist/kinds";
import type { ShortlistKey, ShortlistKind } from "@/lib/validation/shortlist";

// The visitor's shortlist in the browser, shared by every Save control of a page. Public pages do
// not know the visitor on the server (they are cached), so a browser with the signed-in hint
// cookie (lib/auth/signed-in-hint.ts) asks GET /api/shortlist once. Without the hint, or on a 401,
// the visitor is signed out and the list is kept in localStorage; signed in, any list kept there
// is merged into the account (POST, no duplicates) and cleared.

const STORAGE_KEY = "unisearch.shortlist";

export type ShortlistStatus = "loading" | "signedIn" | "visitor";
interface State {
  status: ShortlistStatus;
  saved: ReadonlySet<string>;
}

const keyOf = (type: ShortlistKind, id: number) => `${type}:${id}`;
const INITIAL: State = { status: "loading", saved: new Set() };
let state: State = INITIAL;
let loading: Promise<{ merged: boolean }> | null = null;
const listeners = new Set<() => void>();

function set(next: State) {
  state = next;
  for (const listener of listeners) listener();
}

function readLocal(): ShortlistKey[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "[]");
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (item): item is ShortlistKey =>
        isShortlistKind(item?.type) && Number.isInteger(item?.id) && item.id > 0,
    );
  } catch {
    return [];
  }
}

function writeLocal(saved: ReadonlySet<string>) {
  const items = [...saved].map((key) => {
    const [type, id] = key.split(":");
    return { type, id: Number(id) };
  });
  localStorage.setItem(STORAGE_KEY, JSON.stringify(items));
}

const savedOf = (items: ShortlistKey[]) => new Set(items.map((item) => keyOf(item.type, item.id)));

/**
 * Reads the shortlist once per page load; `merged`: the browser's list was just saved to the
 * account. `recheck`: a visitor may have signed in since (a client-side navigation), so ask again.
 */
export function loadShortlist({ recheck = false } = {}): Promise<{ merged: boolean }> {
  if (recheck && state.status === "visitor") loading = null;
  loading ??= (async () => {
    const visitor = () => set({ status: "visitor", saved: savedOf(readLocal()) });
    // No session in this browser: nothing to ask (and no 401 in the console of every visit).
    if (!hasSignedInHint(document.cookie)) {
      visitor();
      return { merged: false };
    }
    const response = await fetch("/api/shortlist", { credentials: "include" });
    if (response.status === 401) {
      visitor();
      return { merged: false };
    }
    if (!response.ok) throw new ApiError(response.status, await response.text());
    let { items } = (await response.json()) as { items: ShortlistKey[] };
    const local = readLocal();
    if (local.length > 0) {
      ({ items } = await apiFetch<{ items: ShortlistKey[] }>("/api/shortlist", {
        method: "POST",
        body: { items: local },
      }));
      localStorage.removeItem(STORAGE_KEY);
    }
    set({ status: "signedIn", saved: savedOf(items) });
    return { merged: local.length > 0 };
  })().catch(() => {
    // Unreachable for now: the controls stay disabled; the next page load tries again.
    loading = null;
    return { merged: false };
  });
  return loading;
}

/**
 * The session ended in this tab (Sign Out) or elsewhere (an answer of 401): the account's list is
 * forgotten, and the tab is a visitor's, with the list this browser keeps (none after a sign-in
 * merged it). A later page load asks again.
 */
function forgetAccountList() {
  loading = Promise.resolve({ merged: false });
  set({ status: "visitor", saved: savedOf(readLocal()) });
}

if (typeof window !== "undefined") window.addEventListener(SIGNED_OUT_EVENT, forgetAccountList);

/** Whether the browser keeps a visitor's list (to merge once signed in). */
export function hasLocalShortlist(): boolean {
  return readLocal().length > 0;
}

/** Saves or removes an item: in the account when signed in, else in the browser. */
export async function toggleShortlist(type: ShortlistKind, id: number): Promise<void> {
  const key = keyOf(type, id);
  const before = state;
  const saved = new Set(before.saved);
  if (saved.has(key)) saved.delete(key);
  else saved.add(key);
  set({ ...before, saved });
  if (before.status === "visitor") {
    writeLocal(saved);
    return;
  }
  try {
    if (saved.has(key)) await apiFetch("/api/shortlist", { method: "POST", body: { items: [{ type, id }] } });
    else await apiFetch(`/api/shortlist?type=${type}&id=${id}`, { method: "DELETE" });
  } catch (error) {
    if (errorStatus(error) === 401) {
      // Signed out meanwhile (another tab, an ended session): the whole tab forgets the account
      // (forgetAccountList among others), and the item is saved as a visitor's instead.
      announceSignedOut();
      return toggleShortlist(type, id);
    }
    set(before);
    throw error;
  }
}

export function useShortlist() {
  useEffect(() => {
    void loadShortlist();
  }, []);
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => INITIAL,
  );
  return {
    status: current.status,
    isSaved: (type: ShortlistKind, id: number) => current.saved.has(keyOf(type, id)),
  };
}
