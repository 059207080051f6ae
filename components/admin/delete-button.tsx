"use client";

import { Trash2Icon } from "lucide-react";
import { ConfirmButton } from "@/components/forms/confirm-button";
import { Button } from "@/components/ui/button";
import { apiFetch } from "@/lib/http/client";

type DeleteButtonProps = {
  /** The DELETE endpoint, e.g. /api/programs/12. */
  endpoint: string;
  /** The name of what is deleted: the icon button's accessible name says "Delete {name}". */
  name: string;
  title: string;
  description: string;
  /** A consequence worth a second look, shown in red. */
  warning?: string;
  confirmLabel: string;
  successMessage: string;
};

/**
 * A row's delete action, confirmed: the icon opens a confirmation dialog; Cancel
 * closes it; confirming sends DELETE, then toasts 'Success' with `successMessage`, closes and
 * re-renders the list, or toasts 'Error' with the server's message and stays open.
 */
export function DeleteButton({ endpoint, name, successMessage, ...texts }: DeleteButtonProps) {
  return (
    <ConfirmButton
      {...texts}
      request={() => apiFetch(endpoint, { method: "DELETE" })}
      success={{ title: "Success", description: successMessage }}
      trigger={
        <Button
          variant="ghost"
          size="icon"
          data-focus-control="delete"
          className="text-red-700 hover:bg-red-50 hover:text-red-800"
        >
          <Trash2Icon aria-hidden="true" />
          <span className="sr-only">Delete {name}</span>
        </Button>
      }
    />
  );
}
