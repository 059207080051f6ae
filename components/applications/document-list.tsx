import { FileText } from "lucide-react";
import type { DocumentView } from "@/lib/documents/commands.server";
import { formatFileSize } from "@/lib/documents/limits";

/**
 * An application's documents: each a download through the authorized document route (never a
 * public address), or "Being checked" while the virus check runs.
 */
export function DocumentList({ documents, empty }: { documents: DocumentView[]; empty: string }) {
  if (documents.length === 0) return <p className="text-sm text-slate-600">{empty}</p>;
  return (
    <ul className="divide-y divide-slate-200">
      {documents.map((document) => (
        <li key={document.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
          <span className="flex items-center gap-2">
            <FileText aria-hidden="true" className="size-4 text-slate-500" />
            <span className="font-medium">{document.documentType}</span>
            <span className="text-sm text-slate-600">
              {document.name}, {formatFileSize(document.size)}
            </span>
          </span>
          {document.status === "clean" ? (
            <a
              className="text-sm font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900"
              href={`/api/documents/${document.id}`}
              download
            >
              Download<span className="sr-only"> {document.documentType}</span>
            </a>
          ) : (
            <span className="text-sm text-slate-600">Being checked</span>
          )}
        </li>
      ))}
    </ul>
  );
}
