"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { PlusIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useId } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { toast } from "sonner";
import { DeleteButton } from "@/components/admin/delete-button";
import { FormField } from "@/components/forms/form-field";
import { applyServerFieldErrors } from "@/components/forms/server-errors";
import { Button } from "@/components/ui/button";
import {
  DOCUMENT_FILE_TYPES,
  FILE_TYPE_LABELS,
  fileTypesLabel,
  formatMegabytes,
  MAX_DOCUMENT_BYTES,
  MEGABYTE,
} from "@/lib/documents/limits";
import { formatCount } from "@/lib/format";
import { apiFetch, errorMessage } from "@/lib/http/client";
import type { DocumentTypeItem } from "@/lib/settings/document-types.server";
import { documentTypeSchema, type DocumentTypeInput } from "@/lib/validation/documents";

const ENDPOINT = "/api/settings/document-types";

type FormValues = { name: string; fileTypes: string[]; maxMegabytes: string };

/**
 * The document types of the Programs tab, managed like the study lists: each with the file types
 * it takes, its largest file and how many programs ask for it; a delete (refused while in use)
 * and an add form.
 */
export function DocumentTypeManager({ items }: { items: DocumentTypeItem[] }) {
  const router = useRouter();
  const id = useId();
  const headingId = `${id}-heading`;
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, DocumentTypeInput>({
    resolver: zodResolver(documentTypeSchema) as unknown as Resolver<FormValues, unknown, DocumentTypeInput>,
    defaultValues: {
      name: "",
      fileTypes: ["application/pdf"],
      maxMegabytes: String(MAX_DOCUMENT_BYTES / MEGABYTE),
    },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      await apiFetch(ENDPOINT, { method: "POST", body });
      toast.success("Document type added", { description: `Programs can now ask for "${body.name}".` });
      reset();
      router.refresh();
    } catch (error) {
      applyServerFieldErrors(error, setError, ["name", "fileTypes", "maxMegabytes"]);
      toast.error("Error", { description: errorMessage(error) });
    }
  });

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-5 lg:col-span-2"
    >
      <div>
        <h3 id={headingId} className="text-lg font-semibold text-slate-900">
          Document Types
        </h3>
        <p className="text-sm text-slate-600">
          What programs may ask applicants to upload. A type programs ask for cannot be deleted.
        </p>
      </div>
      <ul className="divide-y divide-slate-200" aria-label="Document Types">
        {items.map((item) => (
          <li
            key={item.id}
            data-focus-item={`${ENDPOINT}/${item.id}`}
            className="flex items-center justify-between gap-3 py-2"
          >
            <span>
              <span className="font-medium text-slate-900">{item.name}</span>{" "}
              <span className="text-sm text-slate-600">
                {fileTypesLabel(item.fileTypes)}, up to {formatMegabytes(item.maxBytes)} (
                {formatCount(item.programs)} {item.programs === 1 ? "program" : "programs"})
              </span>
            </span>
            <DeleteButton
              endpoint={`${ENDPOINT}/${item.id}`}
              name={item.name}
              title={`Delete document type ${item.name}?`}
              description={`Programs will no longer be able to ask for "${item.name}".`}
              warning={
                item.programs > 0
                  ? `${formatCount(item.programs)} ${item.programs === 1 ? "program asks" : "programs ask"} for it: change ${item.programs === 1 ? "that program" : "those programs"} first.`
                  : undefined
              }
              confirmLabel="Delete"
              successMessage="Document type deleted successfully"
            />
          </li>
        ))}
      </ul>
      <form
        onSubmit={onSubmit}
        noValidate
        className="grid gap-3 sm:grid-cols-[1fr_auto_8rem_auto] sm:items-start"
      >
        <FormField
          id={`${id}-name`}
          label="New document type"
          autoComplete="off"
          error={errors.name?.message}
          {...register("name")}
        />
        <fieldset
          className="grid gap-2"
          aria-describedby={errors.fileTypes ? `${id}-types-error` : undefined}
        >
          <legend className="text-sm font-medium">File types</legend>
          <div className="flex gap-3">
            {DOCUMENT_FILE_TYPES.map((type) => (
              <label key={type} className="flex items-center gap-1 text-sm">
                <input type="checkbox" value={type} {...register("fileTypes")} />
                {FILE_TYPE_LABELS[type]}
              </label>
            ))}
          </div>
          {errors.fileTypes?.message && (
            <p id={`${id}-types-error`} className="text-sm font-medium text-red-700">
              {errors.fileTypes.message}
            </p>
          )}
        </fieldset>
        <FormField
          id={`${id}-max`}
          label="Largest file (MB)"
          inputMode="numeric"
          error={errors.maxMegabytes?.message}
          {...register("maxMegabytes")}
        />
        <Button type="submit" disabled={isSubmitting} className="sm:mt-7">
          <PlusIcon aria-hidden="true" />
          Add
          <span className="sr-only"> document type</span>
        </Button>
      </form>
    </section>
  );
}
