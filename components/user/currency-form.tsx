"use client";

import { useActionState } from "react";
import { FormAnswer } from "@/components/forms/form-answer";
import { Button } from "@/components/ui/button";
import { INITIAL_FORM_STATE } from "@/lib/http/form-state";
import { COMMON_CURRENCIES } from "@/lib/money/currencies";
import { setDisplayCurrencyAction } from "@/lib/users/actions";
import { NATIVE_SELECT_CLASS } from "@/components/ui/select-trigger-class";

const names = new Intl.DisplayNames("en", { type: "currency" });

/**
 * The profile's currency choice: amounts on the site also show an approximation in it. Posts to
 * setDisplayCurrencyAction, with or without JavaScript.
 */
export function CurrencyForm({ current }: { current: string | null }) {
  const [state, formAction, pending] = useActionState(setDisplayCurrencyAction, INITIAL_FORM_STATE);
  const value = state.values?.currency ?? current ?? "";
  const codes: string[] =
    value && !(COMMON_CURRENCIES as readonly string[]).includes(value)
      ? [value, ...COMMON_CURRENCIES]
      : [...COMMON_CURRENCIES];
  const problem = state.fieldErrors?.currency?.[0] ?? state.error;
  return (
    <form action={formAction} className="flex flex-col gap-3">
      <label htmlFor="display-currency" className="text-sm font-medium text-slate-900">
        Show amounts also in
      </label>
      <select
        id="display-currency"
        name="currency"
        defaultValue={value}
        key={value}
        aria-describedby="display-currency-hint"
        className={`${NATIVE_SELECT_CLASS} max-w-sm`}
      >
        <option value="">My browser&apos;s language decides</option>
        {codes.map((code) => (
          <option key={code} value={code}>
            {`${code} · ${names.of(code) ?? code}`}
          </option>
        ))}
      </select>
      <p id="display-currency-hint" className="text-sm text-slate-600">
        Tuition and fees keep the program&apos;s own currency and add an approximation in yours, with the date
        of the exchange rate used.
      </p>
      <div>
        <Button type="submit" size="sm" variant="outline" disabled={pending}>
          {pending ? "Saving..." : "Save currency"}
        </Button>
      </div>
      <FormAnswer error={problem} message={state.message} />
    </form>
  );
}
