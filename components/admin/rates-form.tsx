"use client";

import { useRouter } from "next/navigation";
import { useActionState, useEffect } from "react";
import { FormAnswer } from "@/components/forms/form-answer";
import { Button } from "@/components/ui/button";
import { INITIAL_FORM_STATE } from "@/lib/http/form-state";
import { loadRatesAction } from "@/lib/rates/actions";

/**
 * The exchange rates upload: a file posted to loadRatesAction (multipart, with or without
 * JavaScript); the answer (the first bad line, or what was saved) shows under it.
 */
export function RatesForm() {
  const [state, formAction, pending] = useActionState(loadRatesAction, INITIAL_FORM_STATE);
  const router = useRouter();
  const problem = state.fieldErrors?.file?.[0] ?? state.error;
  // Once interactive, a load shows in the table below at once (a post without JavaScript reloads it).
  useEffect(() => {
    if (state.message) router.refresh();
  }, [state, router]);
  return (
    <form action={formAction} className="flex flex-col gap-3" aria-label="Load exchange rates">
      <label htmlFor="rates-file" className="text-sm font-medium text-slate-900">
        Rates file (CSV)
      </label>
      <input
        id="rates-file"
        name="file"
        type="file"
        accept=".csv,text/csv"
        required
        aria-describedby={problem ? "rates-problem" : undefined}
        className="block w-full max-w-md text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium"
      />
      <div>
        <Button type="submit" size="sm" disabled={pending}>
          {pending ? "Loading..." : "Load rates"}
        </Button>
      </div>
      <FormAnswer id="rates-problem" error={problem} message={state.message} />
    </form>
  );
}
