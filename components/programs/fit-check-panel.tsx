"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { hasSignedInHint } from "@/lib/auth/signed-in-hint";
import type { FitResult } from "@/lib/fit/rules";
import { FitResults } from "./fit-results";

// How the signed-in student fits a program: loaded by FitCheck (./fit-check.tsx) only in a
// browser with the signed-in hint. Public pages are cached for everyone, so the page holds only
// the programs' ids; the cards of a page ask together, in one request (GET /api/user/fit), for
// the fit check of the student's profile against each program, worked out on the server.

type Fits = { state: "none" } | { state: "empty" } | { state: "ready"; fits: Record<string, FitResult[]> };

let batch: { ids: Set<number>; answer: Promise<Fits> } | null = null;

/** The fit of every card that asks in the same turn of the event loop, in one request. */
function loadFit(programId: number): Promise<Fits> {
  if (batch) {
    batch.ids.add(programId);
    return batch.answer;
  }
  const ids = new Set([programId]);
  const answer = new Promise<void>((resolve) => setTimeout(resolve, 0)).then(async (): Promise<Fits> => {
    batch = null;
    if (!hasSignedInHint(document.cookie)) return { state: "none" };
    try {
      const response = await fetch(`/api/user/fit?programs=${[...ids].join(",")}`, {
        credentials: "include",
      });
      if (!response.ok) return { state: "none" };
      const { fits } = (await response.json()) as { fits: Record<string, FitResult[]> | null };
      return fits ? { state: "ready", fits } : { state: "empty" };
    } catch {
      return { state: "none" };
    }
  });
  batch = { ids, answer };
  return answer;
}

export function FitPanel({ programId, name }: { programId: number; name: string }) {
  const [loaded, setLoaded] = useState<Fits | null>(null);
  useEffect(() => {
    let live = true;
    void loadFit(programId).then((answer) => live && setLoaded(answer));
    return () => {
      live = false;
    };
  }, [programId]);
  if (!loaded || loaded.state === "none") return null;
  if (loaded.state === "empty") {
    return (
      <p className="text-sm text-slate-600" data-testid="fit-check">
        <Link
          href="/user/profile#study-profile"
          className="font-medium text-brand-700 underline underline-offset-4"
        >
          Add your study profile
        </Link>{" "}
        to see whether you meet this program&apos;s requirements.
      </p>
    );
  }
  const results = loaded.fits[String(programId)];
  if (!results) return null;
  return (
    <section aria-label={`How you fit ${name}`} className="grid gap-1.5 text-sm" data-testid="fit-check">
      <p className="font-semibold text-slate-900">How you fit</p>
      <FitResults results={results} />
    </section>
  );
}
