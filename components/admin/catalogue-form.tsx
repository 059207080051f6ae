"use client";

import { useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { Loader2Icon } from "lucide-react";
import type { FieldValues, Path, UseFormRegisterReturn, UseFormSetError } from "react-hook-form";
import { toast } from "sonner";
import { CATALOGUE_KINDS, type CatalogueKind } from "@/components/admin/catalogue-kinds";
import { errorProps, Field } from "@/components/forms/form-field";
import { applyServerFieldErrors } from "@/components/forms/server-errors";
import { StaleWriteNotice } from "@/components/forms/stale-write-notice";
import { Button } from "@/components/ui/button";
import { NATIVE_SELECT_CLASS } from "@/components/ui/select-trigger-class";
import { apiFetch, errorMessage, staleWriteMessage } from "@/lib/http/client";

// What the program form and the scholarship form share besides their fields: saving through the
// API, the buttons under the form, and the deadline's time zone.

/**
 * Saves a catalogue form: POST a new entry, or PATCH the one being edited with the version the page
 * was rendered with (a save after someone else's is refused, and `stale` then says so). On success
 * it toasts 'Success' and returns to the list; on failure it toasts 'Error' with the server's
 * message and puts the server's field messages on their fields.
 */
export function useCatalogueSave<T extends FieldValues>(
  kind: CatalogueKind,
  {
    editing,
    setError,
    fields,
  }: {
    /** The entry being edited; absent when adding one. */
    editing?: { id: number; version: number };
    setError: UseFormSetError<T>;
    fields: readonly Path<T>[];
  },
) {
  const router = useRouter();
  const [stale, setStale] = useState<string | null>(null);
  const { noun, list, api } = CATALOGUE_KINDS[kind];

  async function save(body: object) {
    try {
      if (editing) {
        await apiFetch(`${api}/${editing.id}`, {
          method: "PATCH",
          body: { ...body, version: editing.version },
        });
        toast.success("Success", { description: `${noun} updated successfully` });
      } else {
        await apiFetch(api, { method: "POST", body });
        toast.success("Success", { description: `${noun} created successfully` });
      }
      router.push(list);
      router.refresh();
    } catch (error) {
      setStale(staleWriteMessage(error));
      applyServerFieldErrors(error, setError, fields);
      toast.error("Error", { description: errorMessage(error) });
    }
  }
  return { save, stale };
}

/** Under a catalogue form: why a save was refused as stale, then Cancel (to the list) and the submit button. */
export function CatalogueFormFooter({
  kind,
  editing,
  submitting,
  stale,
}: {
  kind: CatalogueKind;
  editing: boolean;
  submitting: boolean;
  stale: string | null;
}) {
  const { noun, list } = CATALOGUE_KINDS[kind];
  return (
    <>
      <StaleWriteNotice message={stale} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link href={list}>Cancel</Link>
        </Button>
        <Button type="submit" disabled={submitting}>
          {submitting && <Loader2Icon className="animate-spin" aria-hidden="true" />}
          {submitting
            ? editing
              ? "Updating..."
              : "Creating..."
            : editing
              ? `Update ${noun}`
              : `Create ${noun}`}
        </Button>
      </div>
    </>
  );
}

/**
 * The zone a deadline day ends in: a native select of the server's zones (the entry's own first
 * when the list lacks it). A new entry starts with `defaultOption`, which leaves the zone to the
 * server.
 */
export function DeadlineZoneField({
  id,
  hint,
  error,
  zones,
  current,
  defaultOption,
  readHint = false,
  registration,
}: {
  id: string;
  hint: string;
  error?: string;
  zones: readonly string[];
  /** The zone of the entry being edited; absent when adding one. */
  current?: string;
  defaultOption: string;
  /** Whether the select names its hint in aria-describedby while it has no error. */
  readHint?: boolean;
  registration: UseFormRegisterReturn;
}) {
  return (
    <Field id={id} label="Deadline time zone" hint={hint} error={error}>
      <select
        id={id}
        className={NATIVE_SELECT_CLASS}
        {...errorProps(id, error)}
        {...(readHint && { "aria-describedby": error ? `${id}-error` : `${id}-hint` })}
        {...registration}
      >
        {current === undefined && <option value="">{defaultOption}</option>}
        {(current !== undefined && !zones.includes(current) ? [current, ...zones] : zones).map((zone) => (
          <option key={zone} value={zone}>
            {zone.replaceAll("_", " ")}
          </option>
        ))}
      </select>
    </Field>
  );
}
