"use client";

import { useRouter } from "next/navigation";
import { useId, useRef } from "react";
import { toast } from "sonner";
import { ActionError, useActionForm } from "@/components/forms/action-state";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { keepFocusNear } from "@/lib/a11y/focus";
import { closeRequestAction, requestDocumentAction } from "@/lib/applications/actions";
import { requestSubject, type DocumentRequest } from "@/lib/applications/requests";
import { NATIVE_SELECT_CLASS } from "@/components/ui/select-trigger-class";

// The team's controls of an application's requests for a document or a correction, on its page:
// the form that asks, and each request's Close button. Both post to their server actions with or
// without JavaScript.

const REQUEST_FAILURE = "The request was not sent";
const CLOSE_FAILURE = "The request was not closed";

/**
 * "Request a document or correction": a document type (the platform's list) or Something else,
 * and the message the student reads, in the e-mail and on their applications page.
 */
export function RequestForm({
  applicationId,
  documentTypes,
}: {
  applicationId: number;
  documentTypes: readonly string[];
}) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const { state, dispatch, pending, submit } = useActionForm<{ documentType: string; message: string }>({
    action: requestDocumentAction,
    defaults: { documentType: "", message: "" },
    onSuccess: ({ message }) => {
      formRef.current?.reset();
      toast.success("Request sent", { description: message });
    },
  });
  const errors = state.fieldErrors ?? {};
  const typeError = errors.documentType?.[0];
  const messageError = errors.message?.[0];

  return (
    <form
      ref={formRef}
      action={dispatch}
      onSubmit={(event) => {
        event.preventDefault();
        submit(new FormData(event.currentTarget));
      }}
      noValidate
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-md border border-slate-200 px-4 py-4"
    >
      <h3 id={`${id}-title`} className="font-semibold text-slate-900">
        Request a document or correction
      </h3>
      <input type="hidden" name="applicationId" value={applicationId} />
      <ActionError title={REQUEST_FAILURE} state={state} />
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-type`}>What to ask for</Label>
        <select
          id={`${id}-type`}
          name="documentType"
          defaultValue={state.values?.documentType ?? ""}
          aria-invalid={typeError ? true : undefined}
          aria-describedby={typeError ? `${id}-type-error` : undefined}
          className={NATIVE_SELECT_CLASS}
        >
          <option value="">Something else (say what in the message)</option>
          {documentTypes.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
        {typeError && (
          <p id={`${id}-type-error`} className="text-sm font-medium text-red-700">
            {typeError}
          </p>
        )}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-message`}>Message to the student</Label>
        <Textarea
          id={`${id}-message`}
          name="message"
          rows={3}
          defaultValue={state.values?.message ?? ""}
          aria-invalid={messageError ? true : undefined}
          aria-describedby={`${id}-message-hint${messageError ? ` ${id}-message-error` : ""}`}
        />
        <p id={`${id}-message-hint`} className="text-xs text-slate-600">
          Say what is missing or wrong; the student reads it in an e-mail and on their applications page.
        </p>
        {messageError && (
          <p id={`${id}-message-error`} className="text-sm font-medium text-red-700">
            {messageError}
          </p>
        )}
      </div>
      <Button type="submit" size="sm" className="w-fit" disabled={pending}>
        {pending ? "Sending..." : "Send the request"}
      </Button>
    </form>
  );
}

/** A request's Close button: the team has what it asked for, or no longer needs it. */
export function CloseRequestButton({
  applicationId,
  request,
}: {
  applicationId: number;
  request: DocumentRequest;
}) {
  const router = useRouter();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const label = request.status === "answered" ? "Close" : "Close unanswered";
  const { state, dispatch, pending, submit } = useActionForm<Record<string, never>>({
    action: closeRequestAction,
    defaults: {},
    onFailure: ({ error }) => {
      toast.error(CLOSE_FAILURE, { description: error });
      router.refresh();
    },
    onSuccess: ({ message }) => {
      keepFocusNear(buttonRef.current);
      toast.success("Request closed", { description: message });
    },
  });
  return (
    <form
      action={dispatch}
      onSubmit={(event) => {
        event.preventDefault();
        submit(new FormData(event.currentTarget));
      }}
      className="flex flex-col gap-2"
    >
      <input type="hidden" name="applicationId" value={applicationId} />
      <input type="hidden" name="requestId" value={request.id} />
      <ActionError title={CLOSE_FAILURE} state={state} />
      <Button
        ref={buttonRef}
        type="submit"
        size="sm"
        variant={request.status === "answered" ? "default" : "outline"}
        className="w-fit"
        disabled={pending}
        data-focus-control="close-request"
        aria-label={`${label}: request for ${requestSubject(request)}`}
      >
        {label}
      </Button>
    </form>
  );
}
