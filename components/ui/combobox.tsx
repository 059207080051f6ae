"use client";

import { useState } from "react";
import { CheckIcon, ChevronsUpDownIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  Command,
  CommandEmpty,
  CommandGroup,
  CommandInput,
  CommandItem,
  CommandList,
  CommandLoading,
} from "@/components/ui/command";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { cn } from "@/lib/utils";

export interface ComboboxOption {
  value: string;
  label: string;
  /** Shown before the label, in the list and on the button (a flag, a logo). */
  icon?: React.ReactNode;
}

export interface ComboboxProps extends Omit<React.ComponentProps<typeof Button>, "value" | "onChange"> {
  value: string | null;
  onValueChange: (value: string) => void;
  options: ComboboxOption[];
  placeholder: string;
  searchPlaceholder: string;
  emptyText: string;
  /**
   * Server-side search: called as the visitor types, and `options` are then shown as given (the
   * caller filters them). Without it the list filters itself by label.
   */
  onSearchChange?: (query: string) => void;
  loading?: boolean;
  /** The chosen option when it is not among `options` (with server-side search). */
  selected?: ComboboxOption | null;
  /** The accessible name of the popover with the list; `placeholder` when not given. */
  dialogLabel?: string;
}

/**
 * A searchable dropdown (shadcn's combobox: a button opening a popover with a command list).
 * The button carries the field's id and aria attributes, so a <Label htmlFor> and aria-invalid work
 * as on an input. The first match is highlighted as the list changes, so Enter picks it.
 */
export function Combobox({
  value,
  onValueChange,
  options,
  placeholder,
  searchPlaceholder,
  emptyText,
  onSearchChange,
  loading = false,
  selected,
  dialogLabel = placeholder,
  className,
  ...buttonProps
}: ComboboxProps) {
  const [open, setOpen] = useState(false);
  const current = options.find((option) => option.value === value) ?? (value ? selected : null) ?? null;
  const itemValue = (option: ComboboxOption) =>
    onSearchChange ? option.value : `${option.label} ${option.value}`;
  // cmdk highlights the first match itself when it filters; with server-side search the options
  // arrive after the typing, so the highlight is kept here: the one the visitor moved to while it
  // is listed, else the first. While new results load, Enter picks nothing (the listed ones are
  // stale).
  const [highlighted, setHighlighted] = useState("");
  const listed = options.map(itemValue);
  const active = listed.includes(highlighted) ? highlighted : (listed[0] ?? "");

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          type="button"
          variant="outline"
          role="combobox"
          aria-expanded={open}
          className={cn(
            // min-w-0: a long choice is cut with an ellipsis instead of widening the form.
            "w-full min-w-0 justify-between font-normal aria-invalid:border-red-600 aria-invalid:ring-2 aria-invalid:ring-red-600/30",
            // slate-600: the placeholder keeps 4.5:1 on the hover background too.
            !current && "text-slate-600",
            className,
          )}
          {...buttonProps}
        >
          <span className="flex min-w-0 items-center gap-2">
            {current?.icon}
            <span className="truncate">{current ? current.label : placeholder}</span>
          </span>
          <ChevronsUpDownIcon className="size-4 shrink-0 opacity-60" aria-hidden="true" />
        </Button>
      </PopoverTrigger>
      <PopoverContent
        className="w-(--radix-popover-trigger-width) min-w-64 p-0"
        align="start"
        aria-label={dialogLabel}
      >
        <Command
          shouldFilter={!onSearchChange}
          {...(onSearchChange ? { value: active, onValueChange: setHighlighted } : {})}
          onKeyDown={(event) => {
            if (loading && event.key === "Enter") event.preventDefault();
          }}
        >
          <CommandInput placeholder={searchPlaceholder} onValueChange={onSearchChange} />
          <CommandList>
            {loading && <CommandLoading>Loading…</CommandLoading>}
            {!loading && <CommandEmpty>{emptyText}</CommandEmpty>}
            <CommandGroup>
              {options.map((option) => (
                <CommandItem
                  key={option.value}
                  value={itemValue(option)}
                  onSelect={() => {
                    onValueChange(option.value);
                    setOpen(false);
                  }}
                >
                  {option.icon}
                  <span className="truncate">{option.label}</span>
                  <CheckIcon
                    aria-hidden="true"
                    className={cn("ml-auto", option.value === value ? "opacity-100" : "opacity-0")}
                  />
                </CommandItem>
              ))}
            </CommandGroup>
          </CommandList>
        </Command>
      </PopoverContent>
    </Popover>
  );
}
