"use client";

import { debounce } from "nuqs";
import { Search } from "lucide-react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { SEARCH_MAX } from "@/lib/list-keys";

type UrlUpdateOptions = { limitUrlUpdates?: ReturnType<typeof debounce> };

/**
 * The free-text box of a filter panel whose state lives in the URL (nuqs). The box follows each
 * key; `onChange` gets the options that delay the URL (and so the server's results) until typing
 * pauses, except when the box is cleared.
 */
export function QueryInput({
  id,
  label,
  placeholder,
  value,
  onChange,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string, options: UrlUpdateOptions) => void;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
          aria-hidden="true"
        />
        <Input
          id={id}
          type="search"
          placeholder={placeholder}
          className="pl-9"
          value={value}
          maxLength={SEARCH_MAX}
          onChange={(event) =>
            onChange(event.target.value, {
              limitUrlUpdates: event.target.value === "" ? undefined : debounce(350),
            })
          }
        />
      </div>
    </div>
  );
}
