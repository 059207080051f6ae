"use client";

import { FileText } from "lucide-react";
import { useId, useRef, useState } from "react";
import type { DocumentSlot, DocumentView } from "@/lib/documents/commands.server";
import { fileTooLargeMessage, fileTypesLabel, formatFileSize, formatMegabytes } from "@/lib/documents/limits";
import { apiFetch, errorMessage } from "@/lib/http/client";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";

// The documents step of /apply/{programId}: each document the program asks for, required ones
// first, with the file the student's draft holds. Choosing a file uploads it at once (it is saved
// with the draft, and replaces the draft's file of that type); Remove deletes it. The server
// checks every file by its content and its limits; the browser only refuses at once a file over
// the type's size, to save the wait. Submitting the application needs every required document.

type State = { busy: "uploading" | "removing" | null; error: string | null; said: string | null };

function Slot({ programId, slot }: { programId: number; slot: DocumentSlot }) {
  const [document, setDocument] = useState<DocumentView | null>(slot.document);
  const [state, setState] = useState<State>({ busy: null, error: null, said: null });
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const path = `/api/applications/drafts/${programId}/documents/${slot.typeId}`;

  const upload = async (file: File) => {
    if (file.size > slot.maxBytes) {
      setState({ busy: null, error: fileTooLargeMessage(slot.maxBytes), said: null });
      return;
    }
    setState({ busy: "uploading", error: null, said: `Uploading ${file.name}...` });
    try {
      const stored = await apiFetch<DocumentView>(`${path}?name=${encodeURIComponent(file.name)}`, {
        method: "PUT",
        file,
      });
      setDocument(stored);
      setState({ busy: null, error: null, said: `${slot.documentType} uploaded.` });
    } catch (error) {
      setState({ busy: null, error: errorMessage(error), said: null });
    } finally {
      if (input.current) input.current.value = "";
    }
  };

  const remove = async () => {
    setState({ busy: "removing", error: null, said: null });
    try {
      await apiFetch(path, { method: "DELETE" });
      setDocument(null);
      setState({ busy: null, error: null, said: `${slot.documentType} removed.` });
    } catch (error) {
      setState({ busy: null, error: errorMessage(error), said: null });
    }
  };

  const hint = `${fileTypesLabel(slot.fileTypes)}, at most ${formatMegabytes(slot.maxBytes)}.`;
  return (
    <li className="flex flex-col gap-3 py-4" aria-labelledby={`${id}-title`}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={`${id}-title`} className="font-semibold text-slate-900">
          {slot.documentType}
        </h3>
        <Badge variant="outline">{slot.required ? "Required" : "Optional"}</Badge>
      </div>
      {document ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <FileText aria-hidden="true" className="size-4 text-slate-500" />
          <span className="font-medium">{document.name}</span>
          <span className="text-slate-600">{formatFileSize(document.size)}</span>
          {document.status === "clean" ? (
            <a
              href={`/api/documents/${document.id}`}
              download
              className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900"
            >
              Download<span className="sr-only"> {slot.documentType}</span>
            </a>
          ) : (
            <span className="text-slate-600">Being checked for viruses</span>
          )}
        </p>
      ) : (
        <p className="text-sm text-slate-600">Not uploaded yet.</p>
      )}
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-file`} className="text-sm font-medium text-slate-900">
            {document ? `Replace ${slot.documentType}` : `Upload ${slot.documentType}`}
          </label>
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            accept={slot.fileTypes.join(",")}
            aria-describedby={`${id}-hint${state.error ? ` ${id}-error` : ""}`}
            aria-invalid={state.error ? true : undefined}
            disabled={state.busy !== null}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void upload(file);
            }}
            className="text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-900 hover:file:bg-slate-50"
          />
          <p id={`${id}-hint`} className="text-xs text-slate-600">
            {hint}
          </p>
        </div>
        {document && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={state.busy !== null}
            onClick={() => void remove()}
          >
            {state.busy === "removing" ? "Removing..." : "Remove"}
            <span className="sr-only"> {slot.documentType}</span>
          </Button>
        )}
      </div>
      {state.error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
          {state.error}
        </p>
      )}
      <p role="status" className="text-sm text-slate-600">
        {state.said}
      </p>
    </li>
  );
}

export function DraftDocuments({ programId, slots }: { programId: number; slots: DocumentSlot[] }) {
  return (
    <section aria-labelledby="draft-documents-title" className="flex flex-col gap-2">
      <h2 id="draft-documents-title" className="text-xl font-semibold text-slate-900">
        Documents
      </h2>
      <p className="text-sm text-slate-600">
        Each file is saved with your draft as soon as you choose it. Upload the required ones before you
        submit; after that they cannot be changed.
      </p>
      <noscript>
        <p className="text-sm font-medium text-amber-900">
          Uploading documents needs JavaScript. Turn it on, or use a browser that runs it, to add your
          documents.
        </p>
      </noscript>
      <ul className="divide-y divide-slate-200">
        {slots.map((slot) => (
          <Slot key={slot.typeId} programId={programId} slot={slot} />
        ))}
      </ul>
    </section>
  );
}
