"use client";

import { FileText } from "lucide-react";
import { useId, useState } from "react";
import type { DocumentSlot } from "@/lib/documents/commands.server";
import type { DocumentView } from "@/lib/documents/view";
import { formatFileSize } from "@/lib/documents/limits";
import { apiFetch, errorMessage } from "@/lib/http/client";
import { FileUploadField, UploadNeedsScript, useFileUpload } from "./file-upload";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";

// The documents step of /apply/{programId}: each document the program asks for, required ones
// first, with the file the student's draft holds. Choosing a file uploads it at once (it is saved
// with the draft, and replaces the draft's file of that type: file-upload.tsx); Remove deletes it.
// Submitting the application needs every required document.

function Slot({ programId, slot }: { programId: number; slot: DocumentSlot }) {
  const [document, setDocument] = useState<DocumentView | null>(slot.document);
  const id = useId();
  const path = `/api/applications/drafts/${programId}/documents/${slot.typeId}`;
  const upload = useFileUpload({
    path,
    maxBytes: slot.maxBytes,
    what: slot.documentType,
    onUploaded: setDocument,
  });
  const { state, setState } = upload;

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
      <FileUploadField
        label={document ? `Replace ${slot.documentType}` : `Upload ${slot.documentType}`}
        fileTypes={slot.fileTypes}
        maxBytes={slot.maxBytes}
        upload={upload}
      >
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
      </FileUploadField>
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
      <UploadNeedsScript />
      <ul className="divide-y divide-slate-200">
        {slots.map((slot) => (
          <Slot key={slot.typeId} programId={programId} slot={slot} />
        ))}
      </ul>
    </section>
  );
}
