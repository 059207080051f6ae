"use client";

import { ChevronDownIcon } from "lucide-react";
import { useState } from "react";
import { cn } from "@/lib/utils";
import { SELECT_TRIGGER_CLASS } from "./select-trigger-class";

// A select of the public pages' filters. Until it is first opened it is a button that looks like
// the closed select (and a hidden input, so that a form posted before the page's JavaScript runs
// sends its value); opening it fetches the Radix select (./select.tsx, with its positioning and
// focus handling: about 30 KB gzip) and shows it open. The pages' first load stays without it.

export interface LazySelectOption {
  value: string;
  label: React.ReactNode;
}

export interface LazySelectProps {
  /** The trigger's id, which its <Label htmlFor> names. */
  id: string;
  /** The form field's name (the home page's GET form). */
  name?: string;
  value: string;
  onValueChange: (value: string) => void;
  /** What the closed select shows for `value`. */
  display: React.ReactNode;
  options: readonly LazySelectOption[];
  className?: string;
  contentClassName?: string;
  align?: "start" | "center" | "end";
}

type SelectModule = typeof import("./select");
let loaded: SelectModule | null = null;

export function LazySelect(props: LazySelectProps) {
  const [ui, setUi] = useState<SelectModule | null>(loaded);
  const [open, setOpen] = useState(false);
  const { id, name, value, onValueChange, display, options, className, contentClassName, align } = props;

  if (!ui) {
    const activate = () => {
      setOpen(true);
      void import("./select").then((module) => {
        loaded = module;
        setUi(module);
      });
    };
    return (
      <>
        <button
          type="button"
          id={id}
          role="combobox"
          // As Radix's closed trigger: the list it will control is not in the page yet.
          aria-controls={`${id}-listbox`}
          aria-expanded={false}
          aria-autocomplete="none"
          data-slot="select-trigger"
          data-size="default"
          className={cn(SELECT_TRIGGER_CLASS, className)}
          onClick={activate}
          onKeyDown={(event) => {
            if (event.key === "ArrowDown" || event.key === "ArrowUp") {
              event.preventDefault();
              activate();
            }
          }}
        >
          <span data-slot="select-value">{display}</span>
          <ChevronDownIcon className="size-4 text-slate-500" aria-hidden="true" />
        </button>
        {name && <input type="hidden" name={name} value={value} />}
      </>
    );
  }

  const { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } = ui;
  return (
    <Select name={name} value={value} onValueChange={onValueChange} open={open} onOpenChange={setOpen}>
      <SelectTrigger id={id} className={className}>
        <SelectValue>{display}</SelectValue>
      </SelectTrigger>
      <SelectContent className={contentClassName} align={align}>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
