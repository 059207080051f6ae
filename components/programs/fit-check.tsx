"use client";

import { useEffect, useState } from "react";
import { hasSignedInHint } from "@/lib/auth/signed-in-hint";

type Panel = (typeof import("./fit-check-panel"))["FitPanel"];

let panel: Promise<Panel> | null = null;

/**
 * The fit check under a program, for a signed-in student. Its code (the list, the request) is
 * fetched only in a browser with the signed-in hint cookie, so a visitor's
 * first load of a public page carries none of it; signed out, nothing is shown.
 */
export function FitCheck(props: { programId: number; name: string }) {
  const [Panel, setPanel] = useState<Panel | null>(null);
  useEffect(() => {
    if (!hasSignedInHint(document.cookie)) return;
    let current = true;
    panel ??= import("./fit-check-panel").then((module) => module.FitPanel);
    panel
      .then((loaded) => current && setPanel(() => loaded))
      .catch(() => {
        // Offline or a new deployment: the next page asks again; the check is not essential.
        panel = null;
      });
    return () => {
      current = false;
    };
  }, []);
  return Panel ? <Panel {...props} /> : null;
}
