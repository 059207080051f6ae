import { Badge } from "@/components/ui/badge";
import { STATUS_BADGE_CLASSES, STATUS_LABELS, type ApplicationStatus } from "@/lib/applications/status";
import { cn } from "@/lib/utils";

/** An application's status in its colour (lib/applications/status.ts), with a readable label ("In Review"). */
export function StatusBadge({ status, className }: { status: ApplicationStatus; className?: string }) {
  return (
    <Badge variant="outline" data-status={status} className={cn(STATUS_BADGE_CLASSES[status], className)}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}
