import "server-only";
import { FileText } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { listApplicationDocuments } from "@/lib/documents/commands.server";
import { formatMegabytes } from "@/lib/documents/limits";

/**
 * The documents of a submitted application, for staff: each a download through the authorized
 * document route (never a public address). Requests for missing documents and references are
 * meant to get their own parts beside this one, not inside it.
 */
export async function ApplicationDocuments({ applicationId }: { applicationId: number }) {
  const documents = await listApplicationDocuments(applicationId);
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 className="text-lg">Documents</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {documents.length === 0 ? (
          <p className="text-sm text-slate-600">No documents were uploaded with this application.</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {documents.map((document) => (
              <li key={document.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="flex items-center gap-2">
                  <FileText aria-hidden="true" className="size-4 text-slate-500" />
                  <span className="font-medium">{document.documentType}</span>
                  <span className="text-sm text-slate-600">
                    {document.name}, {formatMegabytes(document.size)}
                  </span>
                </span>
                {document.status === "clean" ? (
                  <a
                    className="text-sm font-medium text-blue-700 underline"
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
        )}
      </CardContent>
    </Card>
  );
}
