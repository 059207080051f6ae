"use client";

import { useId, useRef, useState } from "react";
import type { DocumentView } from "@/lib/documents/view";
import { fileTooLargeMessage, fileTypesLabel, formatMegabytes } from "@/lib/documents/limits";
import { apiFetch, errorMessage } from "@/lib/http/client";

// Choosing a file uploads it at once: a PUT of the file itself to a document route (the draft's,
// or a request's), its name in ?name=. The server checks every file by its content and its limits;
// the browser only refuses at once a file over the type's size, to save the wait. The draft's
// documents (draft-documents.tsx) and the answers to the team's requests (request-answer.tsx)
// share this.

export type UploadState = {
  busy: "uploading" | "removing" | null;
  error: string | null;
  said: string | null;
};

const IDLE: UploadState = { busy: null, error: null, said: null };

/**
 * The upload of one document to `path`: its state (busy, the error, what to announce) and
 * `upload(file)`. `what` names the document in the announcements ("Transcript uploaded.").
 */
export function useFileUpload({
  path,
  maxBytes,
  what,
  onUploaded,
}: {
  path: string;
  maxBytes: number;
  what: string;
  onUploaded: (document: DocumentView) => void;
}) {
  const [state, setState] = useState<UploadState>(IDLE);
  const input = useRef<HTMLInputElement>(null);
  const upload = async (file: File) => {
    if (file.size > maxBytes) {
      setState({ busy: null, error: fileTooLargeMessage(maxBytes), said: null });
      return;
    }
    setState({ busy: "uploading", error: null, said: `Uploading ${file.name}...` });
    try {
      const stored = await apiFetch<DocumentView>(`${path}?name=${encodeURIComponent(file.name)}`, {
        method: "PUT",
        file,
      });
      onUploaded(stored);
      setState({ busy: null, error: null, said: `${what} uploaded.` });
    } catch (error) {
      setState({ busy: null, error: errorMessage(error), said: null });
    } finally {
      if (input.current) input.current.value = "";
    }
  };
  return { state, setState, input, upload };
}

/**
 * The file input of an upload, with its label, the types and size it takes, what else the
 * document offers beside it (`children`: Remove), the error and the announcements.
 */
export function FileUploadField({
  label,
  fileTypes,
  maxBytes,
  upload,
  children,
}: {
  label: string;
  fileTypes: readonly string[];
  maxBytes: number;
  upload: ReturnType<typeof useFileUpload>;
  children?: React.ReactNode;
}) {
  const id = useId();
  const { state, input } = upload;
  return (
    <>
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-file`} className="text-sm font-medium text-slate-900">
            {label}
          </label>
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            accept={fileTypes.join(",")}
            aria-describedby={`${id}-hint${state.error ? ` ${id}-error` : ""}`}
            aria-invalid={state.error ? true : undefined}
            disabled={state.busy !== null}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void upload.upload(file);
            }}
            className="text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-900 hover:file:bg-slate-50"
          />
          <p id={`${id}-hint`} className="text-xs text-slate-600">
            {fileTypesLabel(fileTypes)}, at most {formatMegabytes(maxBytes)}.
          </p>
        </div>
        {children}
      </div>
      {state.error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
          {state.error}
        </p>
      )}
      <p role="status" className="text-sm text-slate-600">
        {state.said}
      </p>
    </>
  );
}

/** Said where uploading cannot work: the page's script does the upload. */
export function UploadNeedsScript() {
  return (
    <noscript>
      <p className="text-sm font-medium text-amber-900">
        Uploading documents needs JavaScript. Turn it on, or use a browser that runs it, to add your
        documents.
      </p>
    </noscript>
  );
}
