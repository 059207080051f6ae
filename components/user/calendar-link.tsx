"use client";

import { CopyIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

/** The private calendar feed address, read-only and selectable (before hydration too), with Copy. */
export function CalendarLink({ url }: { url: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor="calendar-url">Calendar address</Label>
      <div className="flex gap-2">
        <Input
          id="calendar-url"
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className="font-mono text-xs"
        />
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="h-9"
          onClick={() =>
            void navigator.clipboard.writeText(url).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          <CopyIcon aria-hidden="true" />
          Copy
        </Button>
      </div>
      <p role="status" className="text-sm text-green-800">
        {copied ? "Copied. Paste it into your calendar app as a calendar from a URL." : ""}
      </p>
    </div>
  );
}
