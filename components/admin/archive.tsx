"use client";

import { ArchiveRestoreIcon, Loader2Icon } from "lucide-react";
import { useAction } from "@/components/forms/confirm-button";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { keepFocusNear } from "@/lib/a11y/focus";
import { apiFetch } from "@/lib/http/client";

// Archived universities and programs in the admin lists: a badge beside the name and
// a Restore action in place of Delete.

/** Marks an archived row: hidden from the public site, its applications kept. */
export function ArchivedBadge({ children = "Archived" }: { children?: React.ReactNode }) {
  return <Badge className="bg-amber-100 text-amber-900">{children}</Badge>;
}

type RestoreButtonProps = {
  /** POST endpoint, e.g. /api/programs/12/restore. */
  endpoint: string;
  /** The restored row's name: the button's accessible name says "Restore {name}". */
  name: string;
  successMessage: string;
};

/** Restores an archived row at once (nothing is lost by it, so no confirmation). */
export function RestoreButton({ endpoint, name, successMessage }: RestoreButtonProps) {
  const { pending, run } = useAction({
    request: () => apiFetch(endpoint, { method: "POST" }),
    success: { title: "Success", description: successMessage },
  });
  return (
    <Button
      variant="ghost"
      size="icon"
      data-focus-control="restore"
      onClick={(event) => {
        const button = event.currentTarget;
        void run(() => keepFocusNear(button));
      }}
      disabled={pending}
    >
      {pending ? (
        <Loader2Icon className="animate-spin" aria-hidden="true" />
      ) : (
        <ArchiveRestoreIcon aria-hidden="true" />
      )}
      <span className="sr-only">Restore {name}</span>
    </Button>
  );
}
