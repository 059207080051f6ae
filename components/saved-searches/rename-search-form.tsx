"use client";

import { toast } from "sonner";
import { ActionForm, useActionForm } from "@/components/forms/action-state";
import { FormField } from "@/components/forms/form-field";
import { Button } from "@/components/ui/button";
import { renameSearchAction } from "@/lib/saved-searches/actions";
import { SAVED_SEARCH_NAME_MAX, savedSearchNameFormSchema } from "@/lib/validation/saved-searches";

const FAILURE_TITLE = "Could not rename the search";

/** A saved search's name, changed in place. */
export function RenameSearchForm({ id, name }: { id: number; name: string }) {
  const { formProps, field, pending } = useActionForm<{ name: string }>({
    action: renameSearchAction,
    schema: savedSearchNameFormSchema,
    defaults: { name },
    onFailure: ({ error }) => toast.error(FAILURE_TITLE, { description: error }),
  });
  return (
    <ActionForm
      {...formProps}
      failureTitle={FAILURE_TITLE}
      successTitle="Renamed"
      aria-label={`Rename ${name}`}
      className="flex flex-wrap items-end gap-2"
    >
      <input type="hidden" name="id" value={id} />
      <FormField
        id={`saved-search-${id}-name`}
        label="Name"
        maxLength={SAVED_SEARCH_NAME_MAX}
        className="min-w-48 flex-1"
        {...field("name")}
      />
      <Button type="submit" variant="outline" size="sm" disabled={pending}>
        {pending ? "Renaming..." : "Rename"}
      </Button>
    </ActionForm>
  );
}
