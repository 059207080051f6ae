import { CheckCircle2Icon, CircleDashedIcon, XCircleIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import {
  CONDITION_STATUS_LABELS,
  conditionsProgress,
  type ConditionStatus,
  type OfferCondition,
} from "@/lib/applications/conditions";
import type { HistoryReader } from "@/lib/applications/history";
import { formatDate } from "@/lib/format";

const BADGE: Record<ConditionStatus, { className: string; icon: typeof CheckCircle2Icon }> = {
  pending: { className: "border-slate-300 bg-slate-50 text-slate-800", icon: CircleDashedIcon },
  met: { className: "border-green-300 bg-green-50 text-green-900", icon: CheckCircle2Icon },
  "not-met": { className: "border-red-300 bg-red-50 text-red-900", icon: XCircleIcon },
};

/** A condition's status in its colour, with an icon so that colour is not the only sign. */
export function ConditionBadge({ status }: { status: ConditionStatus }) {
  const { className, icon: Icon } = BADGE[status];
  return (
    <Badge variant="outline" data-condition-status={status} className={className}>
      <Icon aria-hidden="true" />
      {CONDITION_STATUS_LABELS[status]}
    </Badge>
  );
}

/**
 * An offer's conditions as both sides read them: each with its status, and when it was marked (by
 * whom, for the team; the student reads "the admissions team"). `controls` renders what the reader
 * can do to a condition (the team's buttons).
 */
export function OfferConditions({
  conditions,
  reader,
  controls,
  titleId,
}: {
  conditions: readonly OfferCondition[];
  reader: HistoryReader;
  controls?: (condition: OfferCondition) => React.ReactNode;
  /** The id of the heading the list is named by, if the page gives it one. */
  titleId?: string;
}) {
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p className="text-slate-700">{conditionsProgress(conditions)}</p>
      <ul
        className="flex flex-col gap-2"
        aria-labelledby={titleId}
        aria-label={titleId ? undefined : "Conditions of the offer"}
      >
        {conditions.map((condition) => (
          <li
            key={condition.id}
            data-testid="offer-condition"
            className="flex flex-col gap-2 rounded-md border border-slate-200 px-3 py-2 sm:flex-row sm:items-start sm:justify-between"
          >
            <div className="flex min-w-0 flex-col gap-1">
              <p className="break-words whitespace-pre-line text-slate-900">{condition.text}</p>
              <p className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
                <ConditionBadge status={condition.status} />
                {condition.changedAt && (
                  <span>
                    {reader === "staff"
                      ? `by ${condition.changedBy ?? "a removed account"}`
                      : "by the admissions team"}{" "}
                    on <time dateTime={condition.changedAt}>{formatDate(condition.changedAt)}</time>
                  </span>
                )}
              </p>
            </div>
            {controls?.(condition)}
          </li>
        ))}
      </ul>
    </div>
  );
}
