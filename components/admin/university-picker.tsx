"use client";

import { useEffect, useState } from "react";
import { Combobox, type ComboboxOption } from "@/components/ui/combobox";
import { apiFetch } from "@/lib/http/client";

const DEBOUNCE_MS = 250;
const LIMIT = 20;

type UniversityPickerProps = Omit<
  React.ComponentProps<typeof Combobox>,
  "options" | "placeholder" | "searchPlaceholder" | "emptyText" | "onSearchChange" | "loading" | "selected"
> & {
  /** The chosen university's option when the form starts with one (editing). */
  initial?: ComboboxOption | null;
};

/**
 * The program form's university field: a combobox searching the 10,000+ universities on the
 * server (GET /api/universities?q=, by name, 20 at a time, best ranked first) as the admin types, debounced; the
 * last request wins.
 */
export function UniversityPicker({ value, onValueChange, initial = null, ...props }: UniversityPickerProps) {
  const [query, setQuery] = useState("");
  const [options, setOptions] = useState<ComboboxOption[]>([]);
  const [loading, setLoading] = useState(true);
  const [selected, setSelected] = useState<ComboboxOption | null>(initial);

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(
      async () => {
        // The search's default order (ranking): the best-known universities come first.
        const params = new URLSearchParams({ q: query.trim(), limit: String(LIMIT) });
        try {
          const universities = await apiFetch<{ id: number; name: string; country: string }[]>(
            `/api/universities?${params}`,
            { signal: controller.signal },
          );
          setOptions(universities.map((u) => ({ value: String(u.id), label: `${u.name} (${u.country})` })));
        } catch {
          if (controller.signal.aborted) return;
          setOptions([]);
        }
        setLoading(false);
      },
      query ? DEBOUNCE_MS : 0,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  return (
    <Combobox
      {...props}
      value={value}
      onValueChange={(next) => {
        setSelected(options.find((option) => option.value === next) ?? null);
        onValueChange(next);
      }}
      options={options}
      selected={selected}
      loading={loading}
      onSearchChange={(next) => {
        if (next === query) return;
        setLoading(true);
        setQuery(next);
      }}
      placeholder="Select university"
      dialogLabel="Choose a university"
      searchPlaceholder="Search universities..."
      emptyText="No university found."
    />
  );
}
