"use client";

import { useState } from "react";
import { Bookmark, BookmarkCheck } from "lucide-react";
import type { ShortlistKind } from "@/lib/validation/shortlist";
import { Button } from "@/components/ui/button";
import { toggleShortlist, useShortlist } from "./shortlist-store";

/** Save / Saved for a program or university: the visitor's shortlist (see shortlist-store.ts). */
export function SaveButton({ type, id, name }: { type: ShortlistKind; id: number; name: string }) {
  const { status, isSaved } = useShortlist();
  const [failed, setFailed] = useState(false);
  const saved = isSaved(type, id);
  return (
    <span className="inline-flex flex-col items-end gap-1">
      <Button
        type="button"
        variant="outline"
        aria-pressed={saved}
        disabled={status === "loading"}
        onClick={() => {
          setFailed(false);
          toggleShortlist(type, id).catch(() => setFailed(true));
        }}
      >
        {saved ? <BookmarkCheck aria-hidden="true" /> : <Bookmark aria-hidden="true" />}
        {saved ? "Saved" : "Save"}
        <span className="sr-only"> {name}</span>
      </Button>
      {failed && (
        <span role="alert" className="text-xs text-red-700">
          Could not update your shortlist. Please try again.
        </span>
      )}
    </span>
  );
}
