"use client";

import { useRouter } from "next/navigation";
import { useId } from "react";
import { toast } from "sonner";
import { ActionError, useActionForm } from "@/components/forms/action-state";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { answerRequestAction } from "@/lib/applications/actions";
import type { DocumentRequest } from "@/lib/applications/requests";
import { FileUploadField, UploadNeedsScript, useFileUpload } from "./file-upload";

const FAILURE_TITLE = "Your answer was not sent";

/**
 * What the student does about an open request of the team: upload the document it asks for (a new
 * version; the one sent with the application stays), then answer, with a message (optional beside
 * a document, needed for a correction). The answer posts to answerRequestAction with or without
 * JavaScript; the upload needs it (file-upload.tsx). The list, rendered again, shows what was sent.
 */
export function RequestAnswer({
  applicationId,
  request,
}: {
  applicationId: number;
  request: DocumentRequest;
}) {
  const id = useId();
  const router = useRouter();
  const { state, dispatch, pending, submit } = useActionForm<{ answer: string }>({
    action: answerRequestAction,
    defaults: { answer: "" },
    onFailure: ({ error, fieldErrors }) => {
      if (!fieldErrors) toast.error(FAILURE_TITLE, { description: error });
      router.refresh();
    },
    onSuccess: ({ message }) => {
      toast.success("Answer sent", { description: message });
      router.refresh();
    },
  });
  const answerError = state.fieldErrors?.answer?.[0];
  // A refusal about the file (not uploaded yet, still being checked) is said beside the upload.
  const fileError = state.fieldErrors?.file?.[0];
  const documentType = request.documentType;

  return (
    <div className="flex flex-col gap-3 border-t border-slate-200 pt-3">
      {documentType && request.accepts && (
        <RequestUpload
          applicationId={applicationId}
          request={request}
          documentType={documentType}
          accepts={request.accepts}
        />
      )}
      <form
        action={dispatch}
        onSubmit={(event) => {
          event.preventDefault();
          submit(new FormData(event.currentTarget));
        }}
        noValidate
        className="flex flex-col gap-2"
      >
        <input type="hidden" name="applicationId" value={applicationId} />
        <input type="hidden" name="requestId" value={request.id} />
        <ActionError title={FAILURE_TITLE} state={state} />
        {fileError && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {fileError}
          </p>
        )}
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-answer`}>
            {documentType ? "Message to the team (optional)" : "Your answer"}
          </Label>
          <Textarea
            id={`${id}-answer`}
            name="answer"
            rows={2}
            defaultValue={state.values?.answer ?? ""}
            aria-invalid={answerError ? true : undefined}
            aria-describedby={answerError ? `${id}-answer-error` : undefined}
            className="bg-white"
          />
          {answerError && (
            <p id={`${id}-answer-error`} className="text-sm font-medium text-red-700">
              {answerError}
            </p>
          )}
        </div>
        <Button type="submit" size="sm" className="w-fit" disabled={pending}>
          {pending ? "Sending..." : documentType ? "Send to the team" : "Send the answer"}
        </Button>
      </form>
    </div>
  );
}

/** The upload of the requested document: each file chosen is a new version, shown once uploaded. */
function RequestUpload({
  applicationId,
  request,
  documentType,
  accepts,
}: {
  applicationId: number;
  request: DocumentRequest;
  documentType: string;
  accepts: NonNullable<DocumentRequest["accepts"]>;
}) {
  const router = useRouter();
  const upload = useFileUpload({
    path: `/api/applications/${applicationId}/requests/${request.id}/document`,
    maxBytes: accepts.maxBytes,
    what: documentType,
    onUploaded: () => router.refresh(),
  });
  return (
    <div className="flex flex-col gap-2">
      <FileUploadField
        label={request.documents.length ? `Upload another ${documentType}` : `Upload ${documentType}`}
        fileTypes={accepts.fileTypes}
        maxBytes={accepts.maxBytes}
        upload={upload}
      />
      <UploadNeedsScript />
    </div>
  );
}
