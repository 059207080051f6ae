"use client";

import { useId, useState } from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { ActionError, useActionForm } from "@/components/forms/action-state";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { bulkApplicationsAction } from "@/lib/applications/actions";
import {
  BULK_MAX,
  BULK_OPERATION_LABELS,
  BULK_OPERATIONS,
  bulkStatusesFor,
  type BulkOperation,
} from "@/lib/applications/bulk";
import { STATUS_LABELS } from "@/lib/applications/status";
import type { Permission } from "@/lib/auth/staff-permissions";
import { formatCount } from "@/lib/format";
import { BULK_FORM } from "./row-checkbox";
import { NATIVE_SELECT_COMPACT_CLASS } from "@/components/ui/select-trigger-class";

const FAILURE_TITLE = "Nothing was changed";

/**
 * Bulk actions on the workspace's list: on the rows checked, or on every application matching the
 * filters (a box to tick names the count, which the server checks again). Assign (or unassign),
 * move to a status, or add a private note; the answer says how many changed and why any was
 * refused, and the list is read again. A form, so it works before the page's script loads.
 */
export function BulkActions({
  total,
  shownIds,
  filters,
  staff,
  viewerId,
  permissions,
}: {
  /** How many match the filters. */
  total: number;
  /** The rows of this page the viewer may change. */
  shownIds: readonly number[];
  /** The filters as a query string ("?tab=needs-review"). */
  filters: string;
  staff: readonly { id: number; fullName: string }[];
  viewerId: number;
  /** What the viewer holds beyond the team's default: a decision is offered only with its permission. */
  permissions: readonly Permission[];
}) {
  const id = useId();
  const router = useRouter();
  const [operation, setOperation] = useState<BulkOperation>("assign");
  const [scope, setScope] = useState<"selected" | "matching">("selected");
  const { formProps, pending, state } = useActionForm<Record<string, string>>({
    action: bulkApplicationsAction,
    defaults: {},
    followRedirect: false,
    onFailure: ({ error }) => toast.error(FAILURE_TITLE, { description: error }),
    onSuccess: ({ message }) => {
      toast.success("Bulk action done", { description: message });
      router.refresh();
    },
  });
  const tooMany = total > BULK_MAX;

  const toggleShown = (checked: boolean) => {
    for (const box of document.querySelectorAll<HTMLInputElement>(`input[form="${BULK_FORM}"][name="ids"]`))
      box.checked = checked;
  };

  return (
    <form
      id={BULK_FORM}
      action={formProps.action}
      onSubmit={formProps.onSubmit}
      noValidate
      aria-label="Bulk actions"
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <ActionError title={FAILURE_TITLE} state={state} />
      {state.message && !state.error && (
        <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-900">
          {state.message}
        </p>
      )}
      <input type="hidden" name="filters" value={filters} />
      <input type="hidden" name="count" value={total} />
      <fieldset className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-slate-800">
        <legend className="mb-2 text-sm font-medium text-slate-900">Apply to</legend>
        <label className="inline-flex items-center gap-2">
          <input
            type="radio"
            name="scope"
            value="selected"
            checked={scope === "selected"}
            onChange={() => setScope("selected")}
            className="accent-brand-700"
          />
          The applications checked below
        </label>
        {shownIds.length > 0 && (
          <label className="inline-flex items-center gap-2">
            <input
              type="checkbox"
              onChange={(event) => toggleShown(event.target.checked)}
              className="accent-brand-700"
            />
            Check every one on this page
          </label>
        )}
        <label className="inline-flex items-center gap-2">
          <input
            type="radio"
            name="scope"
            value="matching"
            checked={scope === "matching"}
            onChange={() => setScope("matching")}
            disabled={tooMany || total === 0}
            className="accent-brand-700"
          />
          All {formatCount(total)} matching the filters
          {tooMany && <span className="text-slate-600"> (at most {formatCount(BULK_MAX)} at once)</span>}
        </label>
      </fieldset>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-operation`}>Action</Label>
          <select
            id={`${id}-operation`}
            name="operation"
            value={operation}
            onChange={(event) => setOperation(event.target.value as BulkOperation)}
            className={NATIVE_SELECT_COMPACT_CLASS}
          >
            {BULK_OPERATIONS.map((value) => (
              <option key={value} value={value}>
                {BULK_OPERATION_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        {operation === "assign" && (
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-assignee`}>Assignee</Label>
            <select
              id={`${id}-assignee`}
              name="assigneeId"
              defaultValue={viewerId}
              className={NATIVE_SELECT_COMPACT_CLASS}
            >
              <option value={viewerId}>Me</option>
              {staff
                .filter((person) => person.id !== viewerId)
                .map((person) => (
                  <option key={person.id} value={person.id}>
                    {person.fullName}
                  </option>
                ))}
              <option value="">Nobody (unassign)</option>
            </select>
          </div>
        )}
        {operation === "status" && (
          <>
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-status`}>Status</Label>
              <select id={`${id}-status`} name="status" className={NATIVE_SELECT_COMPACT_CLASS}>
                {bulkStatusesFor(permissions).map((status) => (
                  <option key={status} value={status}>
                    {STATUS_LABELS[status]}
                  </option>
                ))}
              </select>
            </div>
            <div className="grid flex-1 gap-1.5 sm:min-w-64">
              <Label htmlFor={`${id}-note`}>Note to each student (optional)</Label>
              <Textarea id={`${id}-note`} name="note" rows={1} />
            </div>
          </>
        )}
        {operation === "note" && (
          <div className="grid flex-1 gap-1.5 sm:min-w-64">
            <Label htmlFor={`${id}-text`}>Private note (only the team reads it)</Label>
            <Textarea id={`${id}-text`} name="text" rows={1} />
          </div>
        )}
        <Button type="submit" disabled={pending}>
          {pending ? "Applying..." : "Apply"}
        </Button>
      </div>
      {scope === "matching" && (
        <label className="inline-flex items-start gap-2 text-sm text-slate-800">
          <input type="checkbox" name="confirmed" required className="mt-0.5 accent-brand-700" />
          Yes, apply this to all {formatCount(total)} applications matching the filters.
        </label>
      )}
    </form>
  );
}
