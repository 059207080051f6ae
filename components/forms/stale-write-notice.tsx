"use client";

import { AlertCircleIcon, RotateCwIcon } from "lucide-react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/**
 * Says that the row was saved by someone else since this form was opened, with a button that
 * reloads the page: the form then starts from their change. A full reload, because the form's
 * values were set from the page it was rendered with. A form that works without JavaScript gives
 * `reloadHref`, the page to load again, and gets a link instead (reloading the answer to a posted
 * form would post it again).
 */
export function StaleWriteNotice({ message, reloadHref }: { message: string | null; reloadHref?: string }) {
  if (!message) return null;
  return (
    <Alert variant="destructive" role="alert">
      <AlertCircleIcon aria-hidden="true" />
      <AlertDescription>
        <p>{message}</p>
        <div>
          {reloadHref ? (
            <Button asChild variant="outline" size="sm">
              <a href={reloadHref}>
                <RotateCwIcon aria-hidden="true" />
                Reload
              </a>
            </Button>
          ) : (
            <Button type="button" variant="outline" size="sm" onClick={() => window.location.reload()}>
              <RotateCwIcon aria-hidden="true" />
              Reload
            </Button>
          )}
        </div>
      </AlertDescription>
    </Alert>
  );
}
