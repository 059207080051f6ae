import { Badge } from "@/components/ui/badge";
import { dateOf, hasPassed } from "@/lib/applications/dates";
import type { ApplicationStatus } from "@/lib/applications/status";
import { UNDECIDED_STATUSES } from "@/lib/applications/workflow";
import { formatDate } from "@/lib/format";

// The day a decision on an application is due, for staff: shown while the application waits for
// one (undecided, or inactive because that day passed), marked overdue once the day is over in the
// program's time zone.

const AWAITING_DECISION: readonly ApplicationStatus[] = [...UNDECIDED_STATUSES, "inactive"];

export function DecideBy({
  status,
  decideBy,
  timeZone,
  now,
}: {
  status: ApplicationStatus;
  /** "2027-03-12" */
  decideBy: string;
  /** The program's time zone, in which the day ends. */
  timeZone: string;
  now: Date;
}) {
  if (!AWAITING_DECISION.includes(status)) return null;
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5 text-sm text-slate-700">
      <span>
        Decide by <time dateTime={decideBy}>{formatDate(dateOf(decideBy))}</time>
      </span>
      {hasPassed(decideBy, now, timeZone) && <Badge variant="destructive">Overdue</Badge>}
    </span>
  );
}
