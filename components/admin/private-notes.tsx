"use client";

import { toast } from "sonner";
import { ActionForm, useActionForm } from "@/components/forms/action-state";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import type { PrivateNote } from "@/lib/applications/notes.server";
import { addPrivateNoteAction } from "@/lib/applications/actions";
import { formatDateTime } from "@/lib/format";
import { NOTE_MAX, privateNoteSchema, type PrivateNoteInput } from "@/lib/validation/application";

const FAILURE_TITLE = "The note was not added";

/**
 * The team's private notes on an application, oldest first, and the form that adds one (posts to
 * addPrivateNoteAction, with or without JavaScript). The student never sees them.
 */
export function PrivateNotes({ applicationId, notes }: { applicationId: number; notes: PrivateNote[] }) {
  const { formProps, pending, form } = useActionForm<PrivateNoteInput>({
    action: addPrivateNoteAction,
    schema: privateNoteSchema,
    defaults: { text: "" },
    onFailure: ({ error }) => toast.error(FAILURE_TITLE, { description: error }),
    onSuccess: ({ message }) => {
      form.reset({ text: "" });
      toast.success("Note added", { description: message });
    },
  });
  const error = form.formState.errors.text?.message;

  return (
    <div className="flex flex-col gap-4">
      {notes.length === 0 ? (
        <p className="text-sm text-slate-600">No notes yet.</p>
      ) : (
        <ol className="flex flex-col gap-3" aria-label="Notes">
          {notes.map((note) => (
            <li key={note.id} className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm">
              <p className="whitespace-pre-line text-slate-800">{note.text}</p>
              <p className="mt-1 text-xs text-slate-600">
                {note.by}, <time dateTime={note.at}>{formatDateTime(note.at)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
      <ActionForm {...formProps} failureTitle={FAILURE_TITLE} aria-label="Add a private note">
        <input type="hidden" name="applicationId" value={applicationId} />
        <div className="grid gap-2">
          <Label htmlFor="private-note">Add a note</Label>
          <p id="private-note-hint" className="text-sm text-slate-600">
            Only the team reads it (at most {NOTE_MAX.toLocaleString("en-US")} characters).
          </p>
          <Textarea
            id="private-note"
            rows={3}
            aria-describedby={error ? "private-note-hint private-note-error" : "private-note-hint"}
            aria-invalid={error ? true : undefined}
            {...form.register("text")}
          />
          {error && (
            <p id="private-note-error" className="text-sm font-medium text-red-700">
              {error}
            </p>
          )}
        </div>
        <div>
          <Button type="submit" disabled={pending}>
            {pending ? "Adding..." : "Add note"}
          </Button>
        </div>
      </ActionForm>
    </div>
  );
}
