import { Badge } from "@/components/ui/badge";
import { OWN_APPLICATION_REVIEW } from "@/lib/auth/policy";

// An admin's own application in the admin area. Staff may apply like any student, but another
// team member reviews it (canReviewApplication in lib/auth/policy.ts), so the pages mark it and
// show why there is no status control instead of a control the server would refuse.

/** Marks an application the signed-in admin submitted. */
export function OwnApplicationBadge() {
  return (
    <Badge variant="secondary" data-testid="own-application">
      Your application
    </Badge>
  );
}

/** Stands where "Update status" would be: the reason, in the server's own words. */
export function OwnApplicationNote({ compact = false }: { compact?: boolean }) {
  return compact ? (
    <p className="max-w-48 text-xs text-slate-600">Another team member must review it.</p>
  ) : (
    <p role="note" className="max-w-xs rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-800">
      {OWN_APPLICATION_REVIEW}
    </p>
  );
}
