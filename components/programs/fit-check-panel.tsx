"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { hasSignedInHint } from "@/lib/auth/signed-in-hint";
import {
  checkFit,
  countryName,
  profileHasFacts,
  type FitProfile,
  type FitRequirements,
} from "@/lib/fit/rules";
import { useRates } from "@/components/money/display-currency";
import { FitResults } from "./fit-results";

// How the signed-in student fits a program: loaded by FitCheck (./fit-check.tsx) only in a
// browser with the signed-in hint. Public pages are cached for everyone, so the page holds only
// the program's requirements; this asks for the student's own profile once per page (GET
// /api/user/study-profile) and runs the rules of lib/fit/rules.ts.

type Loaded = { state: "none" } | { state: "empty" } | { state: "ready"; profile: FitProfile };

let loading: { page: string; answer: Promise<Loaded> } | null = null;

/** The profile, asked for once per page (a new page, after a client-side navigation, asks again). */
function loadProfile(): Promise<Loaded> {
  const page = window.location.pathname + window.location.search;
  if (loading?.page === page) return loading.answer;
  const answer = (async (): Promise<Loaded> => {
    if (!hasSignedInHint(document.cookie)) return { state: "none" };
    try {
      const response = await fetch("/api/user/study-profile", { credentials: "include" });
      if (!response.ok) return { state: "none" };
      const { profile } = (await response.json()) as { profile: FitProfile | null };
      return profileHasFacts(profile) ? { state: "ready", profile: profile! } : { state: "empty" };
    } catch {
      return { state: "none" };
    }
  })();
  loading = { page, answer };
  return answer;
}

export function FitPanel({ requirements, name }: { requirements: FitRequirements; name: string }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const rates = useRates();
  useEffect(() => {
    let live = true;
    void loadProfile().then((answer) => live && setLoaded(answer));
    return () => {
      live = false;
    };
  }, []);
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
  const results = checkFit(loaded.profile, requirements, { today: new Date(), countryName, rates });
  return (
    <section aria-label={`How you fit ${name}`} className="grid gap-1.5 text-sm" data-testid="fit-check">
      <p className="font-semibold text-slate-900">How you fit</p>
      <FitResults results={results} />
    </section>
  );
}
