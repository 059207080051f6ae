"use client";

import { useRouter } from "next/navigation";
import { useId, useRef, useState } from "react";
import { toast } from "sonner";
import { ActionForm, useActionForm } from "@/components/forms/action-state";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { fileTooLargeMessage, formatMegabytes } from "@/lib/documents/limits";
import { apiFetch, errorMessage } from "@/lib/http/client";
import { declineReferenceAction, writeReferenceAction } from "@/lib/references/actions";
import { REFERENCE_TEXT_MAX, REFERENCE_TEXT_MIN } from "@/lib/references/rules";
import { textLength } from "@/lib/validation/text";
import { declineReferenceSchema, writeReferenceSchema } from "@/lib/validation/references";

const summaryClass =
  "w-fit cursor-pointer rounded-sm font-medium text-brand-700 hover:text-brand-900 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none";

/**
 * What a referee can answer on the page their link opens: write the reference, upload it as a
 * PDF, or decline with a reason. Any of them spends the link; the page then says the answer was
 * sent. Writing and declining post to their server actions with or without JavaScript; the upload
 * streams the file to PUT /api/references/{token}/document and needs JavaScript.
 */
export function ReferenceAnswer({ token, maxBytes }: { token: string; maxBytes: number | null }) {
  return (
    <div className="flex flex-col gap-6">
      <WriteForm token={token} />
      {maxBytes !== null && <UploadForm token={token} maxBytes={maxBytes} />}
      <details className="text-sm">
        <summary className={summaryClass}>I cannot write this reference</summary>
        <DeclineForm token={token} />
      </details>
    </div>
  );
}

const WRITE_FAILURE = "Your reference was not sent";

function WriteForm({ token }: { token: string }) {
  const { formProps, pending, form, values } = useActionForm<{ text: string }>({
    action: writeReferenceAction,
    schema: writeReferenceSchema.pick({ text: true }),
    defaults: { text: "" },
    onFailure: ({ error }) => toast.error(WRITE_FAILURE, { description: error }),
  });
  const [length, setLength] = useState(textLength(values.text ?? ""));
  const error = form.formState.errors.text?.message;
  const { onChange, ...text } = form.register("text");
  return (
    <ActionForm {...formProps} failureTitle={WRITE_FAILURE} aria-label="Write the reference">
      <input type="hidden" name="token" value={token} />
      <div className="grid gap-2">
        <Label htmlFor="reference-text">Your reference</Label>
        <Textarea
          id="reference-text"
          rows={14}
          defaultValue={values.text}
          aria-invalid={error ? true : undefined}
          aria-describedby={`reference-text-count${error ? " reference-text-error" : ""}`}
          onChange={(event) => {
            setLength(textLength(event.target.value));
            void onChange(event);
          }}
          {...text}
        />
        <p id="reference-text-count" className="text-xs text-slate-600">
          {length.toLocaleString("en-US")} characters ({REFERENCE_TEXT_MIN} to{" "}
          {REFERENCE_TEXT_MAX.toLocaleString("en-US")}).
        </p>
        {error && (
          <p id="reference-text-error" className="text-sm font-medium text-red-700">
            {error}
          </p>
        )}
      </div>
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? "Sending..." : "Send the reference"}
        </Button>
      </div>
    </ActionForm>
  );
}

function UploadForm({ token, maxBytes }: { token: string; maxBytes: number }) {
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });

  const upload = async () => {
    const file = input.current?.files?.[0];
    if (!file) {
      setState({ busy: false, error: "Choose the PDF of your reference first." });
      return;
    }
    if (file.size > maxBytes) {
      setState({ busy: false, error: fileTooLargeMessage(maxBytes) });
      return;
    }
    setState({ busy: true, error: null });
    try {
      await apiFetch(`/api/references/${token}/document?name=${encodeURIComponent(file.name)}`, {
        method: "PUT",
        file,
      });
      toast.success("Reference sent", { description: "Thank you: your reference has been sent." });
      router.refresh();
    } catch (error) {
      setState({ busy: false, error: errorMessage(error) });
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-2 border-t border-slate-200 pt-4">
      <h2 id={`${id}-title`} className="font-semibold text-slate-900">
        Or upload it as a PDF
      </h2>
      <noscript>
        <p className="text-sm font-medium text-amber-900">
          Uploading needs JavaScript. Write the reference in the form above instead.
        </p>
      </noscript>
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-file`} className="text-sm font-medium text-slate-900">
            The reference (PDF)
          </label>
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            accept="application/pdf"
            aria-describedby={`${id}-hint${state.error ? ` ${id}-error` : ""}`}
            aria-invalid={state.error ? true : undefined}
            disabled={state.busy}
            className="text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-900 hover:file:bg-slate-50"
          />
          <p id={`${id}-hint`} className="text-xs text-slate-600">
            A PDF of at most {formatMegabytes(maxBytes)}, without scripts or attachments.
          </p>
        </div>
        <Button type="button" variant="outline" disabled={state.busy} onClick={() => void upload()}>
          {state.busy ? "Uploading..." : "Upload and send"}
        </Button>
      </div>
      {state.error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
          {state.error}
        </p>
      )}
    </section>
  );
}

const DECLINE_FAILURE = "Your answer was not sent";

function DeclineForm({ token }: { token: string }) {
  const { formProps, pending, form, values } = useActionForm<{ reason: string }>({
    action: declineReferenceAction,
    schema: declineReferenceSchema.pick({ reason: true }),
    defaults: { reason: "" },
    onFailure: ({ error }) => toast.error(DECLINE_FAILURE, { description: error }),
  });
  const error = form.formState.errors.reason?.message;
  return (
    <ActionForm
      {...formProps}
      failureTitle={DECLINE_FAILURE}
      aria-label="Decline the request"
      className="grid gap-4 pt-3"
    >
      <input type="hidden" name="token" value={token} />
      <div className="grid gap-2">
        <Label htmlFor="decline-reason">Why you decline (the student reads this)</Label>
        <Textarea
          id="decline-reason"
          rows={3}
          defaultValue={values.reason}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "decline-reason-error" : undefined}
          {...form.register("reason")}
        />
        {error && (
          <p id="decline-reason-error" className="text-sm font-medium text-red-700">
            {error}
          </p>
        )}
      </div>
      <div>
        <Button type="submit" variant="outline" disabled={pending}>
          {pending ? "Sending..." : "Decline the request"}
        </Button>
      </div>
    </ActionForm>
  );
}
