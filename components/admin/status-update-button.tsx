import { Button } from "@/components/ui/button";
import type { ApplicationStatus } from "@/lib/applications/status";

// A row's "Update status" in the workspace's list: plain server-rendered HTML, which the page's one
// StatusUpdateDialog opens on (its listener finds the button by STATUS_OPENER and reads the
// application from the data-* attributes), so that a row carries no dialog of its own.

/** The attribute that marks a StatusUpdateButton, beside its application's data-* attributes. */
export const STATUS_OPENER = "data-status-dialog";

/**
 * "Update status" of one application. Without a script (or before it loads) the button's form
 * goes to the application's page, whose Next step offers the same moves as forms.
 */
export function StatusUpdateButton({
  application,
}: {
  application: { id: number; status: ApplicationStatus; studentName: string; programName: string };
}) {
  return (
    <form action={`/admin/applications/${application.id}#next-step`} className="contents">
      <Button
        type="submit"
        variant="outline"
        size="sm"
        data-focus-control="status"
        {...{ [STATUS_OPENER]: "" }}
        data-application-id={application.id}
        data-status={application.status}
        data-student-name={application.studentName}
        data-program-name={application.programName}
      >
        Update status
        <span className="sr-only"> of {application.studentName}&apos;s application</span>
      </Button>
    </form>
  );
}
