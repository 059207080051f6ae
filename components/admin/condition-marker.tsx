"use client";

import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { ActionError, useActionForm } from "@/components/forms/action-state";
import { Button } from "@/components/ui/button";
import { markConditionAction } from "@/lib/applications/actions";
import { CONDITION_STATUSES, type ConditionStatus, type OfferCondition } from "@/lib/applications/conditions";

const FAILURE_TITLE = "The condition was not marked";

/** What each button marks a condition as. */
const MARK_LABELS: Record<ConditionStatus, string> = {
  met: "Mark met",
  "not-met": "Mark not met",
  pending: "Back to pending",
};

/**
 * The team's buttons beside one condition of an offer: mark it met, not met, or pending again.
 * They post to markConditionAction with or without JavaScript; `from` is the status shown, so a
 * mark someone made since is refused rather than overwritten.
 */
export function ConditionMarker({
  applicationId,
  condition,
}: {
  applicationId: number;
  condition: OfferCondition;
}) {
  const router = useRouter();
  const { state, dispatch, pending, submit } = useActionForm<Record<string, never>>({
    action: markConditionAction,
    defaults: {},
    onFailure: ({ error }) => {
      toast.error(FAILURE_TITLE, { description: error });
      router.refresh();
    },
    onSuccess: ({ message }) => toast.success("Condition marked", { description: message }),
  });
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    submit(new FormData(event.currentTarget, submitter));
  };

  return (
    <form action={dispatch} onSubmit={onSubmit} className="flex shrink-0 flex-col gap-2">
      <input type="hidden" name="applicationId" value={applicationId} />
      <input type="hidden" name="conditionId" value={condition.id} />
      <input type="hidden" name="from" value={condition.status} />
      <ActionError title={FAILURE_TITLE} state={state} />
      <div className="flex flex-wrap gap-2">
        {CONDITION_STATUSES.filter((status) => status !== condition.status).map((status) => (
          <Button
            key={status}
            type="submit"
            name="status"
            value={status}
            size="sm"
            variant={status === "met" ? "default" : "outline"}
            disabled={pending}
            aria-label={`${MARK_LABELS[status]}: ${condition.text}`}
          >
            {MARK_LABELS[status]}
          </Button>
        ))}
      </div>
    </form>
  );
}
