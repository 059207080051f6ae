"use client";

import { useId, useState } from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { StatusBadge } from "@/components/applications/status-badge";
import { DialogFormFooter } from "@/components/admin/dialog-form-footer";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { STATUS_LABELS, type ApplicationStatus } from "@/lib/applications/status";
import { TRANSITIONS } from "@/lib/applications/transitions";
import { apiFetch, errorMessage } from "@/lib/http/client";

export const NOTE_MAX = 2000;

type StatusUpdateDialogProps = {
  application: { id: number; status: ApplicationStatus; studentName: string; programName: string };
  /** The trigger's look: a small outline button in table rows, a regular one elsewhere. */
  size?: "sm" | "default";
};

/**
 * "Update status": a dialog offering only the moves the review workflow allows from the current
 * status, with an optional note for the student. Save sends PATCH /api/applications/{id}; the
 * server's refusal (422 for a move it does not allow, 409 when someone changed it meanwhile) is
 * shown inside the dialog.
 */
export function StatusUpdateDialog({ application, size = "sm" }: StatusUpdateDialogProps) {
  const router = useRouter();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<ApplicationStatus | "">("");
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [missingStatus, setMissingStatus] = useState(false);
  const [saving, setSaving] = useState(false);
  const allowed = TRANSITIONS[application.status];

  function onOpenChange(next: boolean) {
    if (saving) return;
    if (next) {
      setStatus(allowed.length === 1 ? allowed[0] : "");
      setNote("");
      setError(null);
      setMissingStatus(false);
    }
    setOpen(next);
  }

  async function save(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!status) {
      setMissingStatus(true);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await apiFetch(`/api/applications/${application.id}`, {
        method: "PATCH",
        body: { status, ...(note.trim() ? { note: note.trim() } : {}) },
      });
      toast.success("Status updated", {
        description: `${application.studentName}'s application is now ${STATUS_LABELS[status]}.`,
      });
      setOpen(false);
      router.refresh();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size={size}>
          Update status
          <span className="sr-only"> of {application.studentName}&apos;s application</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Update status</DialogTitle>
          <DialogDescription>
            {application.studentName}, {application.programName}
          </DialogDescription>
        </DialogHeader>
        <p className="flex items-center gap-2 text-sm text-slate-700">
          Current status: <StatusBadge status={application.status} />
        </p>

        {allowed.length === 0 ? (
          <>
            <p className="text-sm text-slate-700">
              {STATUS_LABELS[application.status]} is a final status; this application cannot move any further.
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
          <form className="grid gap-4" onSubmit={save} noValidate>
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-status`}>New status</Label>
              <Select
                value={status}
                onValueChange={(value) => {
                  setStatus(value as ApplicationStatus);
                  setMissingStatus(false);
                }}
              >
                <SelectTrigger
                  id={`${id}-status`}
                  className="w-full"
                  aria-invalid={missingStatus || undefined}
                  aria-describedby={missingStatus ? `${id}-status-error` : undefined}
                >
                  <SelectValue placeholder="Choose a status" />
                </SelectTrigger>
                <SelectContent>
                  {allowed.map((value) => (
                    <SelectItem key={value} value={value}>
                      {STATUS_LABELS[value]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              {missingStatus && (
                <p id={`${id}-status-error`} className="text-sm text-red-700">
                  Choose the new status
                </p>
              )}
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-note`}>Note for the student (optional)</Label>
              <Textarea
                id={`${id}-note`}
                value={note}
                maxLength={NOTE_MAX}
                rows={4}
                aria-describedby={`${id}-note-count`}
                onChange={(event) => setNote(event.target.value)}
              />
              <p id={`${id}-note-count`} className="text-right text-xs text-slate-600">
                {note.length}/{NOTE_MAX} characters
              </p>
            </div>
            <DialogFormFooter error={error} pending={saving} submitLabel="Save" pendingLabel="Saving…" />
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
