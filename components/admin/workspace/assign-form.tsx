"use client";

import { useId } from "react";
import { toast } from "sonner";
import { ActionForm, useActionForm, useActionSubmit } from "@/components/forms/action-state";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { assignApplicationAction } from "@/lib/applications/actions";
import { NATIVE_SELECT_COMPACT_CLASS } from "@/components/ui/select-trigger-class";

const FAILURE_TITLE = "The assignment was not changed";

type Person = { id: number; fullName: string };

const TOASTS = {
  onFailure: ({ error }: { error: string }) => toast.error(FAILURE_TITLE, { description: error }),
  onSuccess: ({ message }: { message?: string }) =>
    toast.success("Assignment changed", { description: message }),
};

function useAssign() {
  return useActionForm<Record<string, string>>({ action: assignApplicationAction, defaults: {}, ...TOASTS });
}

/**
 * "Claim" on a row of the workspace's list: assigns the application to the viewer, then returns to
 * the list as it was (its query string). A form, so it works before the page's script loads; its
 * fields are hidden and need no check, so it only sends (useActionSubmit), which keeps each of the
 * list's rows light.
 */
export function ClaimButton({
  applicationId,
  viewerId,
  studentName,
  listQuery,
}: {
  applicationId: number;
  viewerId: number;
  studentName: string;
  /** The list's query string ("?tab=needs-review"), "" for none. */
  listQuery: string;
}) {
  const { state, dispatch, pending, submit } = useActionSubmit({
    action: assignApplicationAction,
    ...TOASTS,
  });
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit(new FormData(event.currentTarget));
  };
  return (
    <ActionForm
      action={dispatch}
      onSubmit={onSubmit}
      state={state}
      failureTitle={FAILURE_TITLE}
      className="contents"
      aria-label={`Claim ${studentName}'s application`}
    >
      <input type="hidden" name="applicationId" value={applicationId} />
      <input type="hidden" name="assigneeId" value={viewerId} />
      <input type="hidden" name="listQuery" value={listQuery} />
      <Button type="submit" variant="outline" size="sm" disabled={pending} data-focus-control="claim">
        {pending ? "Claiming..." : "Claim"}
        <span className="sr-only"> {studentName}&apos;s application</span>
      </Button>
    </ActionForm>
  );
}

/**
 * Who handles the application, on its page: a choice of the active staff (or nobody) and Assign.
 * The viewer's own name comes first, as "Me".
 */
export function AssignForm({
  applicationId,
  assignee,
  staff,
  viewerId,
}: {
  applicationId: number;
  assignee: Person | null;
  staff: readonly Person[];
  viewerId: number;
}) {
  const id = useId();
  const { formProps, pending } = useAssign();
  const others = staff.filter((person) => person.id !== viewerId);
  return (
    <ActionForm {...formProps} failureTitle={FAILURE_TITLE} aria-label="Assign the application">
      <input type="hidden" name="applicationId" value={applicationId} />
      <p className="text-sm text-slate-700">
        {assignee ? (
          <>
            Handled by{" "}
            <span className="font-medium text-slate-900">
              {assignee.id === viewerId ? "you" : assignee.fullName}
            </span>
            .
          </>
        ) : (
          "Nobody handles this application yet."
        )}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-assignee`}>Assign to</Label>
          <select
            id={`${id}-assignee`}
            name="assigneeId"
            defaultValue={assignee?.id ?? ""}
            className={NATIVE_SELECT_COMPACT_CLASS}
          >
            <option value="">Nobody</option>
            {staff.some((person) => person.id === viewerId) && <option value={viewerId}>Me</option>}
            {others.map((person) => (
              <option key={person.id} value={person.id}>
                {person.fullName}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="outline" disabled={pending}>
          {pending ? "Saving..." : "Assign"}
        </Button>
      </div>
    </ActionForm>
  );
}
