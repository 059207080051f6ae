"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Trash2 } from "lucide-react";
import { announce, keepFocusNear } from "@/lib/a11y/focus";
import { apiFetch } from "@/lib/http/client";
import type { ShortlistKind } from "@/lib/validation/shortlist";
import { Button } from "@/components/ui/button";

/**
 * /user/shortlist: removes one saved item, says so, then re-renders the list; focus goes to the
 * next item's Remove (the previous one at the end, the page heading when the list is empty).
 */
export function RemoveFromShortlist({ type, id, name }: { type: ShortlistKind; id: number; name: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [failed, setFailed] = useState(false);
  return (
    <span className="inline-flex flex-col items-end gap-1">
      <Button
        type="button"
        variant="outline"
        size="sm"
        data-focus-control="remove"
        disabled={pending}
        onClick={(event) => {
          const button = event.currentTarget;
          startTransition(async () => {
            setFailed(false);
            try {
              await apiFetch(`/api/shortlist?type=${type}&id=${id}`, { method: "DELETE" });
              announce(`${name} removed from your shortlist.`);
              keepFocusNear(button);
              router.refresh();
            } catch {
              setFailed(true);
            }
          });
        }}
      >
        <Trash2 aria-hidden="true" />
        Remove<span className="sr-only"> {name}</span>
      </Button>
      {failed && (
        <span role="alert" className="text-xs text-red-700">
          Could not remove it. Please try again.
        </span>
      )}
    </span>
  );
}
