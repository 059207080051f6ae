"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { PlusIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { DeleteButton } from "@/components/admin/delete-button";
import { FormField } from "@/components/forms/form-field";
import { applyServerFieldErrors } from "@/components/forms/server-errors";
import { Button } from "@/components/ui/button";
import { formatCount } from "@/lib/format";
import { apiFetch, errorMessage } from "@/lib/http/client";
import type { StudyItem } from "@/lib/settings/constants";
import { studyFieldSchema, studyLevelSchema } from "@/lib/validation/settings";

type StudyListManagerProps = {
  kind: "level" | "field";
  items: StudyItem[];
};

const TEXT = {
  level: { title: "Study Levels", noun: "Study level", endpoint: "/api/settings/study-levels" },
  field: { title: "Study Fields", noun: "Study field", endpoint: "/api/settings/study-fields" },
} as const;

/**
 * One study list of the Programs tab: its values with how many programs use each, a delete per
 * value (the server refuses a value in use, saying how many programs use it) and an add form.
 */
export function StudyListManager({ kind, items }: StudyListManagerProps) {
  const { title, noun, endpoint } = TEXT[kind];
  const router = useRouter();
  const id = useId();
  const headingId = `${id}-heading`;
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(kind === "level" ? studyLevelSchema : studyFieldSchema),
    defaultValues: { name: "" },
  });

  const onSubmit = handleSubmit(async ({ name }) => {
    try {
      await apiFetch(endpoint, { method: "POST", body: { name } });
      toast.success(`${noun} added`, { description: `"${name}" is now offered in the program form.` });
      reset({ name: "" });
      router.refresh();
    } catch (error) {
      applyServerFieldErrors(error, setError, ["name"]);
      toast.error("Error", { description: errorMessage(error) });
    }
  });

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-5"
    >
      <div>
        <h3 id={headingId} className="text-lg font-semibold text-slate-900">
          {title}
        </h3>
        <p className="text-sm text-slate-600">
          Offered by the program form and the program filters. A value used by programs cannot be deleted.
        </p>
      </div>
      {items.length === 0 ? (
        <p className="text-sm text-slate-600">No values yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200" aria-label={title}>
          {items.map((item) => (
            <li
              key={item.id}
              data-focus-item={`${endpoint}/${item.id}`}
              className="flex items-center justify-between gap-3 py-2"
            >
              <span>
                <span className="font-medium text-slate-900">{item.name}</span>{" "}
                <span className="text-sm text-slate-600">
                  ({formatCount(item.programs)} {item.programs === 1 ? "program" : "programs"})
                </span>
              </span>
              <DeleteButton
                endpoint={`${endpoint}/${item.id}`}
                name={item.name}
                title={`Delete ${noun.toLowerCase()} ${item.name}?`}
                description={`"${item.name}" will no longer be offered by the program form and filters.`}
                warning={
                  item.programs > 0
                    ? `${formatCount(item.programs)} ${item.programs === 1 ? "program uses" : "programs use"} it: change ${item.programs === 1 ? "that program" : "those programs"} first.`
                    : undefined
                }
                confirmLabel="Delete"
                successMessage={`${noun} deleted successfully`}
              />
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <FormField
          id={`${id}-name`}
          label={`New ${noun.toLowerCase()}`}
          className="flex-1"
          autoComplete="off"
          error={errors.name?.message}
          {...register("name")}
        />
        <Button type="submit" disabled={isSubmitting} className="sm:mt-7">
          <PlusIcon aria-hidden="true" />
          Add
          <span className="sr-only"> {noun.toLowerCase()}</span>
        </Button>
      </form>
    </section>
  );
}
