"use client";

import { AlertCircleIcon, RotateCwIcon } from "lucide-react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/**
 * Says that the row was saved by someone else since this form was opened, with a button that
 * reloads the page: the form then starts from their change. A full reload, because the form's
 * values were set from the page it was rendered with.
 */
export function StaleWriteNotice({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert variant="destructive" role="alert">
      <AlertCircleIcon aria-hidden="true" />
      <AlertDescription>
        <p>{message}</p>
        <div>
          <Button type="button" variant="outline" size="sm" onClick={() => window.location.reload()}>
            <RotateCwIcon aria-hidden="true" />
            Reload
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}
