import "server-only";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { listApplicationDocuments } from "@/lib/documents/commands.server";
import { DocumentList } from "./document-list";

/**
 * The documents of a submitted application, for staff. Requests for missing documents and
 * references are meant to get their own parts beside this one, not inside it.
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
        <DocumentList documents={documents} empty="No documents were uploaded with this application." />
      </CardContent>
    </Card>
  );
}
