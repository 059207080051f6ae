"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { createContext, useContext, useState } from "react";
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "@/lib/validation/zod";
import { applyServerFieldErrors } from "@/components/forms/server-errors";
import { OpenedDialog, TriggeredDialog } from "@/components/forms/triggered-dialog";
import { errorMessage, staleWriteMessage } from "@/lib/http/client";

type DialogControls = {
  /** Closes the dialog (after a success). */
  close: () => void;
  /** While busy, Escape, the overlay and Cancel do not close the dialog. */
  setBusy: (busy: boolean) => void;
};

const DialogControlsContext = createContext<DialogControls | null>(null);

type FormDialogProps = {
  title: string;
  description: React.ReactNode;
  /** The dialog's body, mounted while it is open: each opening starts from the form's defaults. */
  children: React.ReactNode;
} & (
  | {
      /** The button that opens the dialog. */
      trigger: React.ReactElement;
    }
  | {
      /** Opened from elsewhere (OpenedDialog), by `opener`. */
      open: boolean;
      opener: HTMLElement | null;
      onClose: () => void;
    }
);

/**
 * A dialog around a form: its trigger (or the element that opened it), the title and description,
 * and the body. A form inside uses `useDialogForm`, which keeps the dialog open while it sends and
 * closes it after a success.
 */
export function FormDialog({ title, description, children, ...opening }: FormDialogProps) {
  const [busy, setBusy] = useState(false);
  const body = (close: () => void) => (
    <DialogControlsContext.Provider value={{ close, setBusy }}>{children}</DialogControlsContext.Provider>
  );
  return "trigger" in opening ? (
    <TriggeredDialog
      role="dialog"
      trigger={opening.trigger}
      title={title}
      description={description}
      busy={busy}
    >
      {body}
    </TriggeredDialog>
  ) : (
    <OpenedDialog
      role="dialog"
      open={opening.open}
      opener={opening.opener}
      onClose={opening.onClose}
      title={title}
      description={description}
      busy={busy}
    >
      {body}
    </OpenedDialog>
  );
}

type Toast = { title: string; description?: string };

type DialogFormOptions<TInput extends FieldValues, TOutput, TResult> = {
  /** The schema the route handler parses the body with: the browser shows the same messages. */
  schema: z.ZodType<TOutput, TInput>;
  defaultValues: DefaultValues<TInput>;
  /** The fields that take the server's per-field messages (`fieldErrors`). */
  fields: readonly Path<TInput>[];
  /** Sends the parsed values. */
  request: (values: TOutput) => Promise<TResult>;
  /** The success toast. */
  success: (result: TResult, values: TOutput) => Toast;
  /**
   * The title of an error toast carrying the server's message; without it the message is shown in
   * the form (`serverError`, for DialogFormFooter) unless it landed on a field.
   */
  failureTitle?: string;
};

/**
 * A react-hook-form form in a FormDialog, validated with the server's zod schema. Submitting sends
 * the parsed values; a success toasts, closes the dialog and re-renders the page; a refusal puts
 * the server's field errors on their fields and shows its message.
 */
export function useDialogForm<TInput extends FieldValues, TOutput, TResult>({
  schema,
  defaultValues,
  fields,
  request,
  success,
  failureTitle,
}: DialogFormOptions<TInput, TOutput, TResult>) {
  const router = useRouter();
  const dialog = useContext(DialogControlsContext);
  const [serverError, setServerError] = useState<string | null>(null);
  // The refusal is of an edit based on an older version: the footer offers a reload.
  const [stale, setStale] = useState(false);
  const form = useForm<TInput, unknown, TOutput>({
    resolver: zodResolver(schema) as Resolver<TInput, unknown, TOutput>,
    defaultValues,
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    setStale(false);
    dialog?.setBusy(true);
    try {
      const result = await request(values);
      const { title, description } = success(result, values);
      toast.success(title, { description });
      dialog?.setBusy(false);
      dialog?.close();
      router.refresh();
    } catch (error) {
      dialog?.setBusy(false);
      setStale(staleWriteMessage(error) !== null);
      const onField = applyServerFieldErrors(error, form.setError, fields);
      if (failureTitle) toast.error(failureTitle, { description: errorMessage(error) });
      else if (!onField) setServerError(errorMessage(error));
    }
  });

  return {
    form,
    onSubmit,
    pending: form.formState.isSubmitting,
    serverError,
    stale,
    setServerError,
    close: () => dialog?.close(),
  };
}
