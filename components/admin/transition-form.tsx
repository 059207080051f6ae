"use client";

import { Loader2Icon, PlusIcon, XIcon } from "lucide-react";
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import type { OfferCondition } from "@/lib/applications/conditions";
import { TitledList } from "@/components/applications/titled-list";
import { ActionError, useActionForm } from "@/components/forms/action-state";
import { FormField } from "@/components/forms/form-field";
import { StaleWriteNotice } from "@/components/forms/stale-write-notice";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { keepFocusNear } from "@/lib/a11y/focus";
import { moveApplicationAction } from "@/lib/applications/actions";
import { INTERVIEW_MODE_LABELS, INTERVIEW_MODES, type InterviewMode } from "@/lib/applications/interview";
import type { ApplicationStatus } from "@/lib/applications/status";
import { transitionNamed, type Requirement, type TransitionName } from "@/lib/applications/workflow";
import { validationErrorBody } from "@/lib/http/errors";
import { CONDITIONS_MAX, REJECTION_REASON_CODES, REJECTION_REASONS } from "@/lib/validation/application";
import { transitionFormFields, transitionFormSchema } from "@/lib/validation/transition-form";
import { NATIVE_SELECT_CLASS } from "@/components/ui/select-trigger-class";

const FAILURE_TITLE = "The application was not moved";

/** Condition lines shown at first: enough to write an offer's usual conditions without a script. */
export const CONDITION_ROWS = 3;

/** The interview's fields as the form shows them (a rescheduled interview starts from the last one). */
export interface InterviewFields {
  date: string;
  time: string;
  timeZone: string;
  mode: InterviewMode;
  location: string;
  notes: string;
}

export interface TransitionFormProps {
  applicationId: number;
  /** The status the page shows: the move is refused (409) if the application has moved since. */
  from: ApplicationStatus;
  transition: TransitionName;
  /** The offer's conditions, each with where it stands. */
  conditions: readonly OfferCondition[];
  /** An offer's reply-by date unless the admin changes it (YYYY-MM-DD). */
  replyBy: string;
  /** The interview being rescheduled, if any. */
  interview: InterviewFields | null;
  /** The time zones to choose from (the server's list, so that both renders agree). */
  timeZones: readonly string[];
  /** The application's page without the form: Cancel and Reload go there. */
  pageHref: string;
}

/**
 * The form's fields (by name) each requirement brings; a refusal on any other name (a hidden field,
 * or "_" for the form as a whole) is shown above the fields.
 */
const FIELDS_OF: Partial<Record<Requirement, RegExp>> = {
  note: /^note$/,
  reason: /^reason$/,
  startTerm: /^startTerm$/,
  offer: /^offer\.(replyBy|startTerm|conditions(\.\d+)?)$/,
  interview: /^interview\.(date|time|timeZone|mode|location|notes)$/,
  rejectionReasons: /^reasons(\.\w+\.detail)?$/,
};

/** Ids from field names: "offer.conditions.0" → "move-offer-conditions-0". */
const idOf = (name: string) => `move-${name.replaceAll(".", "-")}`;

/**
 * The form of one move of the application, with the fields its transition needs (its `requires`
 * in lib/applications/workflow.ts): a note, a reason, rejection reasons each with a sentence, an
 * offer's conditions and reply-by date, an interview, a later start. It posts to
 * moveApplicationAction, with or without JavaScript; with it, the fields are checked with the
 * action's schema first, and a success toasts and shows the page without the form.
 */
export function TransitionForm({
  applicationId,
  from,
  transition: name,
  conditions,
  replyBy,
  interview,
  timeZones,
  pageHref,
}: TransitionFormProps) {
  const transition = transitionNamed(name);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const [clientErrors, setClientErrors] = useState<Record<string, string[]> | null>(null);
  const { state, dispatch, pending, submit } = useActionForm<Record<string, string>>({
    action: moveApplicationAction,
    defaults: {},
    onFailure: ({ error, fieldErrors }) => {
      if (!fieldErrors) toast.error(FAILURE_TITLE, { description: error });
    },
    onSuccess: ({ message }) => {
      keepFocusNear(submitRef.current);
      toast.success("Saved", { description: message });
    },
  });
  const errors = clientErrors ?? state.fieldErrors ?? {};
  const stale = errors.version?.[0] ?? null;
  const errorOf = (field: string) => errors[field]?.[0];
  const valueOf = (field: string) => state.values?.[field];
  const needs = (requirement: Requirement) => transition.requires.includes(requirement);
  const shown = transition.requires.flatMap((r) => FIELDS_OF[r] ?? []);
  const elsewhere = Object.entries(errors).filter(
    ([field]) => field !== "version" && !shown.some((pattern) => pattern.test(field)),
  );

  // The form opens with its heading focused; a refusal focuses its first field with a message.
  const opened = useRef(false);
  useEffect(() => {
    const invalid = formRef.current?.querySelector<HTMLElement>(
      '[aria-invalid="true"], [data-invalid="true"]',
    );
    if (invalid) invalid.focus();
    else if (!opened.current) headingRef.current?.focus();
    opened.current = true;
  }, [clientErrors, state]);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const checked = transitionFormSchema.safeParse(transitionFormFields(data.entries()));
    if (!checked.success) {
      setClientErrors(validationErrorBody(checked.error.issues).fieldErrors ?? {});
      return;
    }
    setClientErrors(null);
    submit(data);
  };

  // A move that ends the application without a place has a red button.
  const ends = ["rejected", "offer-withdrawn", "conditions-not-met"].includes(transition.to);

  return (
    <form
      ref={formRef}
      action={dispatch}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="move-title"
      aria-describedby="move-meaning"
      className="grid gap-5 rounded-md border border-slate-200 bg-slate-50 p-4"
    >
      <div className="grid gap-1">
        <h3
          id="move-title"
          ref={headingRef}
          tabIndex={-1}
          className="text-base font-semibold text-slate-900 outline-none"
        >
          {transition.label}
        </h3>
        <p id="move-meaning" className="text-sm text-slate-700">
          {transition.meaning}
        </p>
      </div>
      <input type="hidden" name="id" value={applicationId} />
      <input type="hidden" name="from" value={from} />
      <input type="hidden" name="status" value={transition.to} />

      <StaleWriteNotice message={stale} reloadHref={pageHref} />
      <ActionError title={FAILURE_TITLE} state={clientErrors ? {} : state} />
      {elsewhere.length > 0 && (
        <Alert variant="destructive" role="alert">
          <AlertDescription>
            {elsewhere.map(([field, messages]) => (
              <p key={field}>{messages[0]}</p>
            ))}
          </AlertDescription>
        </Alert>
      )}

      {needs("conditionsMet") && conditions.length > 0 && (
        <TitledList title="Every condition is marked met:" items={conditions.map((c) => c.text)} />
      )}
      {needs("conditionNotMet") && (
        <TitledList
          title="Marked not met:"
          items={conditions.filter((c) => c.status === "not-met").map((c) => c.text)}
        />
      )}
      {needs("conditionsOutstanding") && (
        <TitledList
          title="The place is confirmed once these conditions are met:"
          items={conditions.filter((c) => c.status !== "met").map((c) => c.text)}
        />
      )}

      {needs("rejectionReasons") && <RejectionReasons errorOf={errorOf} valueOf={valueOf} />}
      {needs("reason") && (
        <TextField
          name="reason"
          label="Reason"
          hint="A sentence saying why: the student reads it."
          error={errorOf("reason")}
          defaultValue={valueOf("reason")}
          multiline
        />
      )}
      {needs("offer") && (
        <OfferFields
          replyBy={replyBy}
          errorOf={errorOf}
          valueOf={valueOf}
          onRowsChange={() => setClientErrors(null)}
        />
      )}
      {needs("interview") && (
        <InterviewFieldset interview={interview} timeZones={timeZones} errorOf={errorOf} valueOf={valueOf} />
      )}
      {needs("startTerm") && (
        <TextField
          name="startTerm"
          label="New start term"
          hint="For example: September 2027."
          error={errorOf("startTerm")}
          defaultValue={valueOf("startTerm")}
        />
      )}
      {needs("note") && (
        <TextField
          name="note"
          label={
            transition.name === "reject"
              ? "What the student could do next (optional)"
              : "Note for the student (optional)"
          }
          error={errorOf("note")}
          defaultValue={valueOf("note")}
          multiline
        />
      )}

      <div className="flex flex-wrap gap-2">
        <Button ref={submitRef} type="submit" variant={ends ? "destructive" : "default"} disabled={pending}>
          {pending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
          {pending ? "Saving…" : transition.label}
        </Button>
        <Button asChild variant="outline">
          <Link href={pageHref} scroll={false}>
            Cancel
          </Link>
        </Button>
      </div>
    </form>
  );
}

type FieldReaders = {
  errorOf: (field: string) => string | undefined;
  valueOf: (field: string) => string | undefined;
};

function FieldMessages({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </>
  );
}

/** What an input with this hint and error is described by. */
function describedBy(id: string, hint?: string, error?: string) {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
}

/** A labelled input (FormField) or, `multiline`, a textarea, with its hint and message. */
function TextField({
  name,
  label,
  hint,
  error,
  defaultValue,
  multiline = false,
  type,
}: {
  name: string;
  label: string;
  hint?: string;
  error?: string;
  defaultValue?: string;
  multiline?: boolean;
  type?: string;
}) {
  const id = idOf(name);
  if (!multiline)
    return (
      <FormField
        id={id}
        name={name}
        label={label}
        type={type}
        hint={hint}
        error={error}
        defaultValue={defaultValue}
      />
    );
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        name={name}
        rows={3}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
      />
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

/** One box per rejection reason; a chosen one shows its sentence (CSS alone, so without a script too). */
function RejectionReasons({ errorOf, valueOf }: FieldReaders) {
  const error = errorOf("reasons");
  return (
    <fieldset className="grid gap-3" aria-describedby={error ? "move-reasons-error" : "move-reasons-hint"}>
      <legend className="mb-1 text-sm font-medium text-slate-900">Reasons</legend>
      <p id="move-reasons-hint" className="text-xs text-slate-600">
        Choose one or more, and say in a sentence what each means for this application: the student reads it.
      </p>
      {error && (
        <p id="move-reasons-error" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      {REJECTION_REASON_CODES.map((code) => {
        const detail = `reasons.${code}.detail`;
        const detailError = errorOf(detail);
        const detailId = idOf(detail);
        return (
          <div key={code} className="group grid gap-1.5">
            <label className="flex items-start gap-2 text-sm text-slate-900">
              <input
                type="checkbox"
                name={`reasons.${code}.chosen`}
                value="on"
                defaultChecked={valueOf(`reasons.${code}.chosen`) === "on"}
                aria-invalid={error ? true : undefined}
                className="mt-0.5 size-4 shrink-0 accent-brand-600"
              />
              {REJECTION_REASONS[code]}
            </label>
            <div className="hidden gap-1.5 pl-6 group-has-checked:grid">
              <Label htmlFor={detailId}>What it means for this application</Label>
              <Textarea
                id={detailId}
                name={detail}
                rows={2}
                defaultValue={valueOf(detail)}
                aria-invalid={detailError ? true : undefined}
                aria-describedby={describedBy(detailId, undefined, detailError)}
              />
              <FieldMessages id={detailId} error={detailError} />
            </div>
          </div>
        );
      })}
    </fieldset>
  );
}

/** The offer: its conditions (none for an unconditional offer), the reply-by date, the start. */
function OfferFields({
  replyBy,
  errorOf,
  valueOf,
  onRowsChange,
}: FieldReaders & { replyBy: string; onRowsChange: () => void }) {
  const [rows, setRows] = useState(() => {
    const given = Array.from(
      { length: CONDITIONS_MAX },
      (_, i) => valueOf(`offer.conditions.${i}`) ?? "",
    ).filter(Boolean);
    const texts = [...given, ...Array<string>(Math.max(0, CONDITION_ROWS - given.length)).fill("")];
    return texts.map((text, i) => ({ key: i, text }));
  });
  const nextKey = useRef(CONDITIONS_MAX);
  const listError = errorOf("offer.conditions");
  const add = () => {
    onRowsChange();
    const key = nextKey.current++;
    setRows((current) => [...current, { key, text: "" }]);
  };
  const remove = (key: number) => {
    onRowsChange();
    setRows((current) => current.filter((row) => row.key !== key));
  };

  return (
    <>
      <fieldset className="grid gap-2" aria-describedby="move-conditions-hint">
        <legend className="mb-1 text-sm font-medium text-slate-900">Conditions</legend>
        <p id="move-conditions-hint" className="text-xs text-slate-600">
          What the student must meet before the place is confirmed, one per line. Leave them blank for an
          unconditional offer.
        </p>
        {listError && <p className="text-sm font-medium text-red-700">{listError}</p>}
        <ol className="grid gap-2">
          {rows.map((row, i) => {
            const name = `offer.conditions.${i}`;
            const id = `move-condition-${row.key}`;
            const error = errorOf(name);
            return (
              <li key={row.key} className="grid gap-1">
                <div className="flex items-center gap-2">
                  <Label htmlFor={id} className="sr-only">
                    Condition {i + 1}
                  </Label>
                  <Input
                    id={id}
                    name={name}
                    defaultValue={row.text}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-error` : undefined}
                  />
                  <Button type="button" variant="ghost" size="icon" onClick={() => remove(row.key)}>
                    <XIcon aria-hidden="true" />
                    <span className="sr-only">Remove condition {i + 1}</span>
                  </Button>
                </div>
                <FieldMessages id={id} error={error} />
              </li>
            );
          })}
        </ol>
        {rows.length < CONDITIONS_MAX && (
          <div>
            <Button type="button" variant="outline" size="sm" onClick={add}>
              <PlusIcon aria-hidden="true" />
              Add a condition
            </Button>
          </div>
        )}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          name="offer.replyBy"
          label="Reply by"
          type="date"
          hint="The last day the student can reply."
          error={errorOf("offer.replyBy")}
          defaultValue={valueOf("offer.replyBy") ?? replyBy}
        />
        <TextField
          name="offer.startTerm"
          label="Start term (optional)"
          hint="For example: September 2027."
          error={errorOf("offer.startTerm")}
          defaultValue={valueOf("offer.startTerm")}
        />
      </div>
    </>
  );
}

/** The interview: date and time in a time zone, online or in person, the link or the place. */
function InterviewFieldset({
  interview,
  timeZones,
  errorOf,
  valueOf,
}: FieldReaders & { interview: InterviewFields | null; timeZones: readonly string[] }) {
  const zoneRef = useRef<HTMLSelectElement>(null);
  const given = valueOf("interview.timeZone") ?? interview?.timeZone;
  // A new interview starts in the admin's own time zone, which only the browser knows.
  useEffect(() => {
    const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!given && zoneRef.current && timeZones.includes(own)) zoneRef.current.value = own;
  }, [given, timeZones]);
  const mode = (valueOf("interview.mode") ?? interview?.mode) as InterviewMode | undefined;
  const zoneError = errorOf("interview.timeZone");
  const modeError = errorOf("interview.mode");

  return (
    <fieldset className="grid gap-4">
      <legend className="mb-1 text-sm font-medium text-slate-900">Interview</legend>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          name="interview.date"
          label="Date"
          type="date"
          error={errorOf("interview.date")}
          defaultValue={valueOf("interview.date") ?? interview?.date}
        />
        <TextField
          name="interview.time"
          label="Time"
          type="time"
          error={errorOf("interview.time")}
          defaultValue={valueOf("interview.time") ?? interview?.time}
        />
        <div className="grid gap-1.5">
          <Label htmlFor="move-interview-timeZone">Time zone</Label>
          <select
            ref={zoneRef}
            id="move-interview-timeZone"
            name="interview.timeZone"
            defaultValue={given ?? "UTC"}
            aria-invalid={zoneError ? true : undefined}
            aria-describedby={describedBy("move-interview-timeZone", undefined, zoneError)}
            className={NATIVE_SELECT_CLASS}
          >
            {timeZones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll("_", " ")}
              </option>
            ))}
          </select>
          <FieldMessages id="move-interview-timeZone" error={zoneError} />
        </div>
      </div>
      <fieldset
        className="grid gap-1.5"
        aria-describedby={modeError ? "move-interview-mode-error" : undefined}
      >
        <legend className="mb-1 text-sm font-medium text-slate-900">Where</legend>
        <div className="flex flex-wrap gap-4">
          {INTERVIEW_MODES.map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm text-slate-900">
              <input
                type="radio"
                name="interview.mode"
                value={value}
                defaultChecked={mode === value}
                data-invalid={modeError ? true : undefined}
                className="size-4 accent-brand-600"
              />
              {INTERVIEW_MODE_LABELS[value]}
            </label>
          ))}
        </div>
        <FieldMessages id="move-interview-mode" error={modeError} />
      </fieldset>
      <TextField
        name="interview.location"
        label="Link or place"
        hint="The video call's link for an interview online, the address for one in person."
        error={errorOf("interview.location")}
        defaultValue={valueOf("interview.location") ?? interview?.location}
      />
      <TextField
        name="interview.notes"
        label="What the student should know (optional)"
        error={errorOf("interview.notes")}
        defaultValue={valueOf("interview.notes") ?? interview?.notes}
        multiline
      />
    </fieldset>
  );
}
