"use client";

import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { ActionError, useActionForm } from "@/components/forms/action-state";
import { Button } from "@/components/ui/button";
import { remindRefereeAction } from "@/lib/references/actions";

const FAILURE_TITLE = "The reminder was not sent";

/** The one reminder to a referee who has not answered: a one-button form, with or without JavaScript. */
export function RemindButton({
  applicationId,
  referenceId,
  refereeName,
}: {
  applicationId: number;
  referenceId: number;
  refereeName: string;
}) {
  const router = useRouter();
  const { state, dispatch, pending, submit } = useActionForm<Record<string, never>>({
    action: remindRefereeAction,
    defaults: {},
    onFailure: ({ error }) => toast.error(FAILURE_TITLE, { description: error }),
    onSuccess: ({ message }) => {
      toast.success("Reminder sent", { description: message });
      router.refresh();
    },
  });
  return (
    <form
      action={dispatch}
      onSubmit={(event) => {
        event.preventDefault();
        submit(new FormData(event.currentTarget));
      }}
      className="flex flex-col gap-2"
    >
      <input type="hidden" name="applicationId" value={applicationId} />
      <input type="hidden" name="referenceId" value={referenceId} />
      <ActionError title={FAILURE_TITLE} state={state} />
      {state.message && !state.error && (
        <p role="status" className="text-sm text-green-800">
          {state.message}
        </p>
      )}
      <div>
        <Button type="submit" size="sm" variant="outline" disabled={pending}>
          {pending ? "Sending..." : "Send a reminder"}
          <span className="sr-only"> to {refereeName}</span>
        </Button>
      </div>
    </form>
  );
}
