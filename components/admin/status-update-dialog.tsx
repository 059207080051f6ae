"use client";

import { useEffect, useId, useState } from "react";
import { useWatch } from "react-hook-form";
import { StatusBadge } from "@/components/applications/status-badge";
import { DialogFormFooter } from "@/components/admin/dialog-form-footer";
import { FormDialog, useDialogForm } from "@/components/admin/form-dialog";
import { STATUS_OPENER } from "@/components/admin/status-update-button";
import { SelectField } from "@/components/forms/select-field";
import { Button } from "@/components/ui/button";
import { DialogClose, DialogFooter } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { isApplicationStatus, STATUS_LABELS, type ApplicationStatus } from "@/lib/applications/status";
import { dialogStatuses, isOpen } from "@/lib/applications/workflow";
import { PERMISSIONS, permissionRefusal, type Permission } from "@/lib/auth/staff-permissions";
import { apiFetch } from "@/lib/http/client";
import { NOTE_MAX, statusChangeSchema } from "@/lib/validation/application";

export { NOTE_MAX };

type Application = { id: number; status: ApplicationStatus; studentName: string; programName: string };

/** The application a StatusUpdateButton stands for, from its data-* attributes; null if incomplete. */
function applicationOf(button: HTMLElement): Application | null {
  const { applicationId, status, studentName, programName } = button.dataset;
  const id = Number(applicationId);
  if (!Number.isInteger(id) || !isApplicationStatus(status) || !studentName || !programName) return null;
  return { id, status, studentName, programName };
}

type Opened = { application: Application; opener: HTMLElement; key: number };

/**
 * "Update status" for the workspace's rows: one dialog for the page, opened by any row's
 * StatusUpdateButton (server-rendered, its application in data-* attributes) through one listener
 * on the document, so that a row carries no dialog of its own. It offers the moves the
 * application's workflow allows staff from the current status that need no more than a note and
 * that the viewer may make (a decision needs the permission to make decisions), with an optional
 * note for the student. Save sends PATCH /api/applications/{id}; the server's refusal (422 for a
 * move it does not allow, 409 when someone changed it since the page showed it, with a Reload
 * button) is shown inside the dialog.
 */
export function StatusUpdateDialog({
  permissions,
}: {
  /**
   * What the viewer holds beyond the team's default (heldPermissions of lib/auth/policy.ts): the
   * decisions are offered only to those who may make them.
   */
  permissions: readonly Permission[];
}) {
  // The last application opened stays while the dialog fades out, and its button for the focus.
  const [opened, setOpened] = useState<Opened | null>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    let openings = 0;
    const onClick = (event: MouseEvent) => {
      const button =
        event.target instanceof Element ? event.target.closest<HTMLElement>(`[${STATUS_OPENER}]`) : null;
      const application = button && applicationOf(button);
      if (!button || !application) return;
      // The button's form goes to the application's page: the way without a script.
      event.preventDefault();
      setOpened({ application, opener: button, key: ++openings });
      setOpen(true);
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, []);
  return (
    <FormDialog
      title="Update status"
      description={opened ? `${opened.application.studentName}, ${opened.application.programName}` : ""}
      open={open}
      opener={opened?.opener ?? null}
      onClose={() => setOpen(false)}
    >
      {opened && <StatusChoice key={opened.key} application={opened.application} permissions={permissions} />}
    </FormDialog>
  );
}

/** The dialog's body for one application: its status, and the form of its moves or why there is none. */
function StatusChoice({
  application,
  permissions,
}: {
  application: Application;
  permissions: readonly Permission[];
}) {
  const allowed = dialogStatuses(application.status, permissions);
  // Decisions the viewer may not make are left out, and the dialog says whom to ask.
  const withheld = dialogStatuses(application.status, PERMISSIONS).length > allowed.length;
  return (
    <>
      <p className="flex items-center gap-2 text-sm text-slate-700">
        Current status: <StatusBadge status={application.status} />
      </p>
      {withheld && (
        <p className="text-sm text-slate-700">
          Decisions are not offered here. {permissionRefusal("make-decisions")}
        </p>
      )}
      {allowed.length === 0 ? (
        <>
          <p className="text-sm text-slate-700">
            {isOpen(application.status)
              ? `${STATUS_LABELS[application.status]}: the next step is the student's, or needs more than a note.`
              : `${STATUS_LABELS[application.status]} is a final status; this application cannot move any further.`}
          </p>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Close
              </Button>
            </DialogClose>
          </DialogFooter>
        </>
      ) : (
        <StatusForm application={application} allowed={allowed} />
      )}
    </>
  );
}

function StatusForm({
  application,
  allowed,
}: {
  application: Application;
  allowed: readonly ApplicationStatus[];
}) {
  const id = useId();
  const { form, onSubmit, pending, serverError, stale } = useDialogForm({
    schema: statusChangeSchema,
    defaultValues: {
      status: allowed.length === 1 ? allowed[0] : undefined,
      note: "",
      // The status shown: a colleague's change since the page was rendered refuses this one.
      from: application.status,
    },
    fields: ["status", "note"],
    // The server reads a missing note as none.
    request: ({ status, note, from }) =>
      apiFetch(`/api/applications/${application.id}`, {
        method: "PATCH",
        body: { status, from, ...(note ? { note } : {}) },
      }),
    success: (_, { status }) => ({
      title: "Status updated",
      description: `${application.studentName}'s application is now ${STATUS_LABELS[status]}.`,
    }),
  });
  const {
    control,
    register,
    formState: { errors },
  } = form;
  const note = useWatch({ control, name: "note" }) ?? "";

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
      <SelectField
        control={control}
        name="status"
        id={`${id}-status`}
        label="New status"
        options={Object.fromEntries(allowed.map((value) => [value, STATUS_LABELS[value]]))}
        placeholder="Choose a status"
      />
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-note`}>Note for the student (optional)</Label>
        <Textarea
          id={`${id}-note`}
          maxLength={NOTE_MAX}
          rows={4}
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={[`${id}-note-count`, errors.note ? `${id}-note-error` : null]
            .filter(Boolean)
            .join(" ")}
          {...register("note")}
        />
        <p id={`${id}-note-count`} className="text-right text-xs text-slate-600">
          {note.length}/{NOTE_MAX} characters
        </p>
        {errors.note && (
          <p id={`${id}-note-error`} className="text-sm text-red-700">
            {errors.note.message}
          </p>
        )}
      </div>
      <DialogFormFooter
        error={serverError}
        stale={stale}
        pending={pending}
        submitLabel="Save"
        pendingLabel="Saving…"
      />
    </form>
  );
}
