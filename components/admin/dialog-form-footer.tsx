"use client";

import { AlertCircleIcon, Loader2Icon } from "lucide-react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { DialogClose, DialogFooter } from "@/components/ui/dialog";
import { StaleWriteNotice } from "@/components/forms/stale-write-notice";

type DialogFormFooterProps = {
  /** The server's refusal, shown above the buttons (and announced). */
  error: string | null;
  /** The error refuses an edit based on an older version: shown with a Reload button. */
  stale?: boolean;
  pending: boolean;
  submitLabel: string;
  /** The submit button's text while pending; `submitLabel` when not given. */
  pendingLabel?: string;
  submitDisabled?: boolean;
};

/** The end of a form in a dialog: the error, then Cancel (closes the dialog) and the submit button. */
export function DialogFormFooter({
  error,
  stale = false,
  pending,
  submitLabel,
  pendingLabel,
  submitDisabled = false,
}: DialogFormFooterProps) {
  return (
    <>
      {stale && <StaleWriteNotice message={error} />}
      {error && !stale && (
        <Alert variant="destructive" role="alert">
          <AlertCircleIcon aria-hidden="true" />
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={pending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={pending || submitDisabled}>
          {pending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
          {pending ? (pendingLabel ?? submitLabel) : submitLabel}
        </Button>
      </DialogFooter>
    </>
  );
}
