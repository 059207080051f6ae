"use client";

import { toast } from "sonner";
import { ActionForm, useActionForm } from "@/components/forms/action-state";
import { FormField } from "@/components/forms/form-field";
import { Button } from "@/components/ui/button";
import { saveSearchAction } from "@/lib/saved-searches/actions";
import type { SavedSearchKind } from "@/lib/saved-searches/kinds";
import { SAVED_SEARCH_NAME_MAX, savedSearchNameFormSchema } from "@/lib/validation/saved-searches";

const FAILURE_TITLE = "Could not save the search";

/** Names the search and saves it, alerts on unless unticked; the search comes in hidden fields. */
export function SaveSearchForm({
  kind,
  query,
  suggestedName,
}: {
  kind: SavedSearchKind;
  query: string;
  suggestedName: string;
}) {
  const { formProps, field, pending, state } = useActionForm<{ name: string }>({
    action: saveSearchAction,
    schema: savedSearchNameFormSchema,
    defaults: { name: suggestedName },
    onFailure: ({ error }) => toast.error(FAILURE_TITLE, { description: error }),
    onSuccess: ({ message }) => toast.success("Search saved", { description: message }),
  });
  return (
    <ActionForm {...formProps} failureTitle={FAILURE_TITLE} aria-label="Save this search">
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="query" value={query} />
      {/* The search itself is in hidden fields: a refusal of it is said here, as no field shows it. */}
      {(state.fieldErrors?.query ?? state.fieldErrors?.kind)?.map((message) => (
        <p key={message} role="alert" className="text-sm font-medium text-red-700">
          {message}
        </p>
      ))}
      <FormField
        id="saved-search-name"
        label="Name"
        maxLength={SAVED_SEARCH_NAME_MAX}
        hint={`Up to ${SAVED_SEARCH_NAME_MAX} characters, for your list and the alert e-mails.`}
        {...field("name")}
      />
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" name="alertsEnabled" defaultChecked className="size-4" />
        E-mail me once a week when new or changed results match it
      </label>
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? "Saving..." : "Save search"}
        </Button>
      </div>
    </ActionForm>
  );
}
