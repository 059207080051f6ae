import "server-only";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { Viewer } from "@/lib/auth/viewer";
import { listReferences } from "@/lib/references/queries.server";
import { ReferenceDetails } from "./reference-item";

/**
 * The references of an application, for staff on its page: each referee, where the reference
 * stands, and a received one's text or PDF (waived or not: the waiver keeps the student from
 * reading it, not the team). Nothing when the program asks for none and none were named.
 */
export async function StaffReferences({ viewer, applicationId }: { viewer: Viewer; applicationId: number }) {
  const { required, references } = await listReferences(viewer, applicationId);
  if (required === 0 && references.length === 0) return null;
  const received = references.filter((reference) => reference.status === "received").length;
  return (
    <Card data-testid="references">
      <CardHeader>
        <CardTitle asChild>
          <h2 className="text-lg">References</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <p className="text-sm text-slate-700">
          {received} of {required} {required === 1 ? "reference" : "references"} received.
        </p>
        {references.length === 0 ? (
          <p className="text-sm text-slate-600">The student has not named any referees yet.</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {references.map((reference) => (
              <li key={reference.id} className="py-3">
                <ReferenceDetails reference={reference} reader="staff" />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
