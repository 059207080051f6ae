import { FileText } from "lucide-react";
import type { DocumentView } from "@/lib/documents/view";
import { formatFileSize } from "@/lib/documents/limits";
import { formatDate } from "@/lib/format";
import { Badge } from "@/components/ui/badge";

/**
 * An application's documents, every version: each a download through the authorized document
 * route (never a public address), or "Being checked" while the virus check runs. A version
 * uploaded in answer to a request of the team says so, with its day (`markRequested`: unless the
 * list is the request's own).
 */
export function DocumentList({
  documents,
  empty,
  markRequested = true,
}: {
  documents: DocumentView[];
  empty: string;
  markRequested?: boolean;
}) {
  if (documents.length === 0) return <p className="text-sm text-slate-600">{empty}</p>;
  return (
    <ul className="divide-y divide-slate-200">
      {documents.map((document) => (
        <li key={document.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
          <span className="flex flex-wrap items-center gap-2">
            <FileText aria-hidden="true" className="size-4 text-slate-500" />
            <span className="font-medium">{document.documentType}</span>
            <span className="text-sm text-slate-600">
              {document.name}, {formatFileSize(document.size)}
            </span>
            {markRequested && document.requestId !== null && (
              <Badge variant="outline" data-requested-version="">
                New version, <time dateTime={document.createdAt}>{formatDate(document.createdAt)}</time>
              </Badge>
            )}
          </span>
          {document.status === "clean" ? (
            <a
              className="text-sm font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900"
              href={`/api/documents/${document.id}`}
              download
              // Every version is listed: the file's name tells two of one type apart.
              aria-label={`Download ${document.documentType} (${document.name})`}
            >
              Download
            </a>
          ) : (
            <span className="text-sm text-slate-600">Being checked</span>
          )}
        </li>
      ))}
    </ul>
  );
}
