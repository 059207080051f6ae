"use client";

import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { ActionForm, useActionForm } from "@/components/forms/action-state";
import { FormField } from "@/components/forms/form-field";
import { Button } from "@/components/ui/button";
import { nameRefereeAction, replaceRefereeAction } from "@/lib/references/actions";
import { refereeSchema } from "@/lib/validation/references";

type RefereeFields = { name: string; email: string; relationship: string };
const EMPTY: RefereeFields = { name: "", email: "", relationship: "" };

/**
 * Names a referee for an application, or (`replaces`) another in place of one: their name,
 * e-mail and how they know the student, and whether the student waives reading the reference.
 * Posts to its server action with or without JavaScript; the referee is e-mailed at once.
 */
export function RefereeForm({
  applicationId,
  replaces,
}: {
  applicationId: number;
  /** The reference the new referee takes the place of. */
  replaces?: { id: number; refereeName: string };
}) {
  const router = useRouter();
  const failureTitle = replaces ? "The referee was not replaced" : "The referee was not named";
  const { formProps, field, pending } = useActionForm<RefereeFields>({
    action: replaces ? replaceRefereeAction : nameRefereeAction,
    // The referee's fields; the ids are hidden fields the server checks.
    schema: refereeSchema,
    defaults: EMPTY,
    followRedirect: false,
    onFailure: ({ error }) => toast.error(failureTitle, { description: error }),
    onSuccess: ({ message }) => {
      toast.success(replaces ? "Referee replaced" : "Referee named", { description: message });
      router.refresh();
    },
  });
  const id = `referee-${applicationId}-${replaces?.id ?? "new"}`;
  return (
    <ActionForm
      {...formProps}
      failureTitle={failureTitle}
      aria-label={replaces ? `Replace ${replaces.refereeName}` : "Name a referee"}
      className="grid gap-4 pt-3"
    >
      <input type="hidden" name="applicationId" value={applicationId} />
      {replaces && <input type="hidden" name="referenceId" value={replaces.id} />}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-name`} label="Referee's full name" autoComplete="off" {...field("name")} />
        <FormField
          id={`${id}-email`}
          label="Referee's e-mail"
          type="email"
          autoComplete="off"
          {...field("email")}
        />
      </div>
      <FormField
        id={`${id}-relationship`}
        label="How they know you"
        hint="For example: thesis supervisor, employer, teacher of mathematics."
        {...field("relationship")}
      />
      <div className="flex items-start gap-2 text-sm">
        <input
          id={`${id}-waived`}
          type="checkbox"
          name="waived"
          className="mt-0.5 size-4 accent-brand-600"
          aria-describedby={`${id}-waived-hint`}
        />
        <div className="grid gap-0.5">
          <label htmlFor={`${id}-waived`} className="font-medium text-slate-900">
            I waive my right to read this reference
          </label>
          <p id={`${id}-waived-hint`} className="text-xs text-slate-600">
            Only the admissions team will read it. Referees and universities often give more weight to a
            reference the student has not read. This cannot be changed later.
          </p>
        </div>
      </div>
      <div>
        <Button type="submit" size="sm" disabled={pending}>
          {pending
            ? "Sending..."
            : replaces
              ? "Replace and e-mail the new referee"
              : "Name and e-mail the referee"}
        </Button>
      </div>
    </ActionForm>
  );
}
