"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useActionState, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useForm, useWatch, type FieldErrors, type FieldPath } from "react-hook-form";
import { toast } from "sonner";
import { z } from "@/lib/validation/zod";
import { ActionError, sendToAction, useActionFieldErrors } from "@/components/forms/action-state";
import { FormField, fieldsOf } from "@/components/forms/form-field";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { SignedOutNotice, SignInDialog } from "./sign-in-again";
import type { DraftData } from "@/lib/applications/drafts.server";
import { applicationFormAction } from "@/lib/applications/actions";
import { INITIAL_FORM_STATE } from "@/lib/http/form-state";
import { formatCount } from "@/lib/format";
import { announceSignedIn, announceSignedOut, SIGNED_OUT_EVENT } from "@/lib/auth/signed-in-hint";
import { apiFetch, errorStatus, fieldErrorsOf } from "@/lib/http/client";
import {
  academicHistorySchema,
  DRAFT_CHANGED,
  DRAFT_LIMITS,
  GRADUATION_YEAR_MIN,
  graduationYearMax,
  personalStatementSchema,
  STATEMENT_MAX,
  STATEMENT_MIN,
} from "@/lib/validation/application";
import { clipText, textLength } from "@/lib/validation/text";

// The two-step application of /apply/{programId}. Both steps validate with the schema
// POST /api/applications uses, and the application is sent through one path, applicationFormAction:
// posted by the browser before hydration or without JavaScript (each button is a submit button
// with an intent, and the action also saves the draft and moves between steps), or sent by the
// hydrated form on Submit. Once hydrated, what the student types is saved as a draft through the
// draft endpoint (debounced while typing, at once on a step change, and with keepalive when the
// page is left, which only a plain HTTP request can do), so a reload, another device or a failed
// submit keeps it; the server deletes the draft when the application is submitted.
// Each save sends the version of the draft the form holds; the server refuses one based on an
// older version (another tab saved since, or this page came back from the browser's history with
// the copy it was first rendered with), and the form then loads the newer draft instead of
// overwriting it. A form that mounts again (Back or Forward re-rendering a cached page) or is
// restored from the back/forward cache asks the server for the saved draft first. When the session
// ends (an answer of 401, or SIGNED_OUT_EVENT from elsewhere in the tab), saving pauses, the form
// keeps its values and says what to do, and the student signs in again in a dialog over it
// (./sign-in-again.tsx); the draft is then saved at once.

const AUTOSAVE_DELAY_MS = 800;

function formSchema(now: Date) {
  return z.object({
    personalStatement: personalStatementSchema,
    academicHistory: academicHistorySchema(now),
  });
}
type FormInput = z.input<ReturnType<typeof formSchema>>;
type FormOutput = z.output<ReturnType<typeof formSchema>>;
type Step = 1 | 2;

const STEP_2_FIELDS = [
  "academicHistory.institution",
  "academicHistory.degree",
  "academicHistory.gpa",
  "academicHistory.graduationYear",
] as const satisfies readonly FieldPath<FormInput>[];
const ALL_FIELDS = ["personalStatement", ...STEP_2_FIELDS] as const;

const STEP_TITLES: Record<Step, string> = { 1: "Personal Statement", 2: "Academic History" };

type SaveState = "idle" | "saving" | "saved" | "reloaded" | "error" | "signedOut";
const SAVE_TEXT: Record<SaveState, string> = {
  idle: "",
  saving: "Saving...",
  saved: "Draft saved",
  reloaded: "Loaded the draft saved most recently",
  error: "Couldn't save the draft",
  signedOut: "Couldn't save the draft: you are signed out",
};

type SavedDraft = { data: DraftData; version: number };

/**
 * What the student typed while signed out, kept in this tab until it is saved: signing in again
 * re-renders the page (the session cookie changed), which may mount the form afresh with the draft
 * last saved, and a reload would too. The form takes it back on mount and saves it.
 */
const unsavedKey = (studentId: number, programId: number) =>
  `unisearch:unsaved-application:${studentId}:${programId}`;

function readUnsaved(studentId: number, programId: number): DraftData | null {
  try {
    const text = window.sessionStorage.getItem(unsavedKey(studentId, programId));
    return text ? (JSON.parse(text) as DraftData) : null;
  } catch {
    return null;
  }
}

function writeUnsaved(studentId: number, programId: number, draft: DraftData | null) {
  try {
    if (draft) window.sessionStorage.setItem(unsavedKey(studentId, programId), JSON.stringify(draft));
    else window.sessionStorage.removeItem(unsavedKey(studentId, programId));
  } catch {
    // Storage refused (private mode, quota): the form still holds the values while mounted.
  }
}

/**
 * The form's values as a draft, clipped to the sizes the draft endpoint accepts (more than the
 * form accepts: a text too long is kept for the student to shorten).
 */
function toDraft(values: FormInput, step: Step): DraftData {
  const history = values.academicHistory;
  const year = history?.graduationYear;
  const yearText = typeof year === "number" || typeof year === "string" ? String(year) : "";
  return {
    step,
    personalStatement: clipText(values.personalStatement ?? "", DRAFT_LIMITS.personalStatement),
    academicHistory: {
      institution: clipText(history?.institution ?? "", DRAFT_LIMITS.institution),
      degree: clipText(history?.degree ?? "", DRAFT_LIMITS.degree),
      gpa: clipText(history?.gpa ?? "", DRAFT_LIMITS.gpa),
      graduationYear: yearText.length <= 4 ? yearText : "",
    },
  };
}

type ApplicationFormProps = {
  programId: number;
  /** The student the page was rendered for: signing in again as someone else reloads the page. */
  studentId: number;
  /** The saved draft, if any (from getDraft on the server). */
  draft: DraftData | null;
  /** The saved draft's version (0: none), sent with each save. */
  draftVersion: number;
  /** The server's current date (ISO), so that the year limit is the same on both sides. */
  today: string;
};

/** The step a draft opens on: step 2 only when its statement would pass step 1. */
function stepOf(draft: DraftData | null): Step {
  return draft?.step === 2 && personalStatementSchema.safeParse(draft.personalStatement).success ? 2 : 1;
}

/** A draft as the form's values. */
function valuesOf(draft: DraftData | null): FormInput {
  return {
    personalStatement: draft?.personalStatement ?? "",
    academicHistory: {
      institution: draft?.academicHistory.institution ?? "",
      degree: draft?.academicHistory.degree ?? "",
      gpa: draft?.academicHistory.gpa ?? "",
      graduationYear: String(draft?.academicHistory.graduationYear ?? ""),
    },
  };
}

export function ApplicationForm({ programId, studentId, draft, draftVersion, today }: ApplicationFormProps) {
  const router = useRouter();
  const now = useMemo(() => new Date(today), [today]);
  const maxYear = graduationYearMax(now);
  const schema = useMemo(() => formSchema(now), [now]);
  const draftUrl = `/api/applications/drafts/${programId}`;
  const [state, formAction] = useActionState(applicationFormAction, INITIAL_FORM_STATE);

  const {
    register,
    handleSubmit,
    trigger,
    setError,
    setFocus,
    getValues,
    reset,
    subscribe,
    control,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(schema),
    shouldFocusError: false, // the field to focus may be on the other step; see focusFirstError
    errors: useActionFieldErrors<FormInput>(state),
    defaultValues: valuesOf(draft),
  });

  // A draft saved on step 2 reopens there, unless its statement would not pass step 1.
  const [step, setStep] = useState<Step>(() => stepOf(draft));
  const [saveState, setSaveState] = useState<SaveState>("idle");
  const [leaving, setLeaving] = useState(false);
  // Set when a save is refused because the application was sent meanwhile (from another tab).
  const [applied, setApplied] = useState(false);
  // The session ended (signed out in another tab, revoked): nothing is saved until the student
  // signs in again in place (SignInDialog); the form keeps its values meanwhile.
  const [signedOut, setSignedOut] = useState(false);
  const [signingIn, setSigningIn] = useState(false);
  const signedOutRef = useRef(false);
  const noticeRef = useRef<HTMLDivElement>(null);
  // A refused Submit whose message is no field's: shown above the form, and focused.
  const [failure, setFailure] = useState<string | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  // The message to focus once rendered (after a refused Submit, whose button was disabled).
  const focusMessage = useRef<React.RefObject<HTMLDivElement | null> | null>(null);
  const statement = useWatch({ control, name: "personalStatement" }) ?? "";
  // Counted as the server counts it: what a person sees, blank space not padding it out.
  const statementLength = textLength(statement);

  // --- Draft autosave -------------------------------------------------------------------------
  const stepRef = useRef(step);
  const lastSaved = useRef(JSON.stringify(toDraft(getValues(), step)));
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const stopped = useRef(false);
  const version = useRef(draftVersion);

  /** Shows the saved draft in place of what the form holds (an older copy). */
  const adopt = useCallback(
    (saved: SavedDraft) => {
      const next = stepOf(saved.data);
      version.current = saved.version;
      stepRef.current = next;
      lastSaved.current = JSON.stringify(toDraft(valuesOf(saved.data), next));
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      reset(valuesOf(saved.data));
      setStep(next);
      setSaveState("reloaded");
    },
    [reset],
  );

  /**
   * Asks the server for the saved draft and shows it when it is newer than the form's copy. With
   * no draft saved any more (deleted elsewhere), the next change saves the form's values as a new one.
   */
  const loadNewer = useCallback(async () => {
    const saved = await apiFetch<SavedDraft | null>(draftUrl);
    if (saved && saved.version !== version.current) adopt(saved);
    else if (!saved && version.current !== 0) {
      version.current = 0;
      lastSaved.current = "";
      setSaveState("idle");
    }
  }, [adopt, draftUrl]);

  /** Saves the current values unless they are what was saved last; saves run one after another. */
  const saveNow = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    queue.current = queue.current.then(async () => {
      if (stopped.current || signedOutRef.current) return;
      const data = toDraft(getValues(), stepRef.current);
      const body = JSON.stringify(data);
      if (body === lastSaved.current) return;
      setSaveState("saving");
      try {
        const saved = await apiFetch<{ version: number }>(draftUrl, {
          method: "PUT",
          body: { ...data, version: version.current },
        });
        version.current = saved.version;
        lastSaved.current = body;
        writeUnsaved(studentId, programId, null);
        setSaveState("saved");
      } catch (error) {
        if (errorStatus(error) === 409 && fieldErrorsOf(error).version?.[0] === DRAFT_CHANGED) {
          // Saved since from elsewhere: show that draft rather than overwrite it with this copy.
          // (None saved any more: the next change saves the form's values as a new draft.)
          await loadNewer().catch(() => setSaveState("error"));
        } else if (errorStatus(error) === 409) {
          // Applied meanwhile (another tab): the server keeps no draft now, so saving stops.
          stopped.current = true;
          setApplied(true);
          setSaveState("idle");
        } else if (errorStatus(error) === 401) {
          // The whole tab learns it (the header among others), this form through its listener.
          announceSignedOut();
        } else setSaveState("error");
      }
    });
    return queue.current;
  }, [draftUrl, getValues, loadNewer, programId, studentId]);

  // What was typed while signed out and not saved since comes back first, and is saved at once.
  useEffect(() => {
    const unsaved = readUnsaved(studentId, programId);
    if (!unsaved) return;
    queue.current = queue.current.then(() => {
      const next = stepOf(unsaved);
      stepRef.current = next;
      lastSaved.current = "";
      reset(valuesOf(unsaved));
      setStep(next);
      void saveNow();
    });
  }, [programId, reset, saveNow, studentId]);

  // A form mounted again from a cached page (Back, Forward) or restored from the back/forward
  // cache may hold an older copy than the saved draft: check before the student types over it.
  useEffect(() => {
    const check = () => {
      queue.current = queue.current.then(() =>
        stopped.current ? undefined : loadNewer().catch(() => undefined),
      );
    };
    check();
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) check();
    };
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, [loadNewer]);

  useEffect(() => {
    const onSignedOut = () => {
      signedOutRef.current = true;
      writeUnsaved(studentId, programId, toDraft(getValues(), stepRef.current));
      setSignedOut(true);
      setSaveState("signedOut");
    };
    window.addEventListener(SIGNED_OUT_EVENT, onSignedOut);
    return () => window.removeEventListener(SIGNED_OUT_EVENT, onSignedOut);
  }, [getValues, programId, studentId]);

  // A refused Submit moves the focus to the message that says what to do (the button was disabled
  // while sending, which left the focus on the page's body).
  useEffect(() => {
    focusMessage.current?.current?.focus();
    focusMessage.current = null;
  }, [signedOut, failure]);

  /** Signed in again from the dialog: saves what the form holds at once. */
  const onSignedIn = (userId: number) => {
    if (userId !== studentId) {
      // Someone else at this computer: the page is theirs to load, with their own draft.
      window.location.reload();
      return;
    }
    signedOutRef.current = false;
    setSignedOut(false);
    setSigningIn(false);
    setSaveState("idle");
    announceSignedIn();
    void saveNow();
  };

  useEffect(() => {
    return subscribe({
      formState: { values: true },
      callback: () => {
        if (stopped.current) return;
        if (signedOutRef.current) writeUnsaved(studentId, programId, toDraft(getValues(), stepRef.current));
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(() => void saveNow(), AUTOSAVE_DELAY_MS);
      },
    });
  }, [subscribe, saveNow, getValues, programId, studentId]);

  useEffect(() => {
    stepRef.current = step;
    void saveNow();
  }, [step, saveNow]);

  // Leaving the page with a save still waiting: send it with keepalive so it outlives the page.
  useEffect(() => {
    const flush = () => {
      if (!timer.current || stopped.current || signedOutRef.current) return;
      clearTimeout(timer.current);
      timer.current = null;
      const data = toDraft(getValues(), stepRef.current);
      void fetch(draftUrl, {
        method: "PUT",
        credentials: "include",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ ...data, version: version.current }),
        keepalive: true,
      }).catch(() => undefined);
    };
    const onVisibility = () => {
      if (document.visibilityState === "hidden") flush();
    };
    window.addEventListener("pagehide", flush);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      window.removeEventListener("pagehide", flush);
      document.removeEventListener("visibilitychange", onVisibility);
      // Leaving within the autosave delay by a link inside the app unmounts the form: send it too.
      flush();
    };
  }, [draftUrl, getValues]);

  // --- Steps and focus ------------------------------------------------------------------------
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const pendingFocus = useRef<FieldPath<FormInput> | null>(null);

  useEffect(() => {
    if (pendingFocus.current) {
      setFocus(pendingFocus.current);
      pendingFocus.current = null;
    } else if (moved.current) {
      headingRef.current?.focus();
    }
    moved.current = false;
  }, [step, setFocus]);

  const goTo = (next: Step) => {
    moved.current = true;
    setStep(next);
  };

  /** Shows the step of the first field with an error and focuses that field. */
  const focusFirstError = (fields: readonly FieldPath<FormInput>[]) => {
    const first = ALL_FIELDS.find((field) => fields.includes(field));
    if (!first) return;
    const target: Step = first === "personalStatement" ? 1 : 2;
    if (target === step) setFocus(first);
    else {
      pendingFocus.current = first;
      setStep(target);
    }
  };

  const onNext = async () => {
    if (await trigger("personalStatement")) goTo(2);
    else setFocus("personalStatement");
  };

  /** The form's values as the action reads them (the fields a post without JavaScript sends). */
  const formData = () => {
    const values = getValues();
    const data = new FormData();
    data.set("programId", String(programId));
    data.set("intent", "submit");
    data.set("draftVersion", String(version.current));
    data.set("personalStatement", values.personalStatement ?? "");
    for (const field of STEP_2_FIELDS) data.set(field, String(getValues(field) ?? ""));
    return data;
  };

  const onValid = async () => {
    // Known to be signed out: the message already says what to do (sign in again, nothing is
    // lost), and takes the focus; sending would only be refused.
    if (signedOutRef.current) {
      noticeRef.current?.focus();
      return;
    }
    // No autosave may land after the submit: the server deletes the draft when it succeeds.
    stopped.current = true;
    if (timer.current) clearTimeout(timer.current);
    setFailure(null);
    await queue.current;
    const answer = await sendToAction(applicationFormAction, formData());
    if (!answer.error) {
      setLeaving(true);
      toast.success("Application Submitted", { description: answer.message });
      router.push(answer.redirectTo ?? "/");
      router.refresh();
      return;
    }
    stopped.current = false;
    if (answer.status === 401) {
      // The session ended without this page knowing: the message says so and takes the focus.
      focusMessage.current = noticeRef;
      announceSignedOut();
      return;
    }
    const fieldErrors = answer.fieldErrors ?? {};
    const withErrors = ALL_FIELDS.filter((field) => fieldErrors[field]?.[0]);
    for (const field of withErrors) setError(field, { type: "server", message: fieldErrors[field][0] });
    focusFirstError(withErrors);
    toast.error("Application Failed", { description: answer.error });
    // Already applied (409), archived (410) or deadline passed (422): the page now says so
    // instead of the form.
    if (answer.status === 409 || answer.status === 410 || answer.status === 422) router.refresh();
    else {
      if (withErrors.length === 0) {
        focusMessage.current = failureRef;
        setFailure(answer.error);
      }
      void saveNow();
    }
  };

  const onInvalid = (formErrors: FieldErrors<FormInput>) => {
    const fields = ALL_FIELDS.filter((field) =>
      field === "personalStatement"
        ? formErrors.personalStatement
        : formErrors.academicHistory?.[field.split(".")[1] as keyof FormInput["academicHistory"]],
    );
    focusFirstError(fields);
  };

  // Typing after a refused Next re-checks the statement, so its message goes away once it is valid.
  const statementField = register("personalStatement", {
    onChange: () => {
      if (errors.personalStatement) void trigger("personalStatement");
    },
  });
  const statementError = errors.personalStatement?.message;
  const pending = isSubmitting || leaving;
  // What the inputs show in the server's HTML (react-hook-form fills them in once hydrated).
  const field = fieldsOf(register, errors, {
    personalStatement: draft?.personalStatement,
    "academicHistory.institution": draft?.academicHistory.institution,
    "academicHistory.degree": draft?.academicHistory.degree,
    "academicHistory.gpa": draft?.academicHistory.gpa,
    "academicHistory.graduationYear": String(draft?.academicHistory.graduationYear ?? ""),
  });

  /** Once interactive, Next and Previous change the step here and Submit sends the form to the action. */
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const intent = submitter instanceof HTMLButtonElement ? submitter.value : "submit";
    if (intent === "next" || intent === "previous") {
      event.preventDefault();
      if (intent === "next") void onNext();
      else goTo(1);
      return;
    }
    void handleSubmit(onValid, onInvalid)(event);
  };

  return (
    <>
      <form
        action={formAction}
        onSubmit={onSubmit}
        noValidate
        className="grid gap-6"
        aria-label="Application form"
      >
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <div>
            <p className="text-sm font-medium text-brand-700">Step {step} of 2</p>
            <h2
              id="application-step-title"
              ref={headingRef}
              tabIndex={-1}
              className="text-xl font-semibold text-slate-900 outline-none"
            >
              {STEP_TITLES[step]}
            </h2>
          </div>
          {/* A live region: screen readers hear each change of the draft's state. */}
          <p role="status" className="text-xs text-slate-600" data-testid="draft-status">
            {SAVE_TEXT[saveState]}
          </p>
        </div>
        {/* The action's argument, not bound to it: Next workaround ACTION_ARGUMENTS_IN_FIELDS. */}
        <input type="hidden" name="programId" value={programId} />
        <input type="hidden" name="draftVersion" value={draftVersion} />
        <ActionError title="Application Failed" state={state} />
        {failure && <ActionError title="Application Failed" state={{ error: failure }} ref={failureRef} />}
        {signedOut && <SignedOutNotice ref={noticeRef} onSignIn={() => setSigningIn(true)} />}
        {applied && (
          <Alert variant="info" role="alert">
            <AlertTitle>You have already applied to this program</AlertTitle>
            <AlertDescription>
              <p>
                This draft is no longer saved: the application was sent, from another tab or device.{" "}
                <Link
                  href="/user/applications"
                  className="rounded-sm font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
                >
                  Follow it under My Applications
                </Link>
              </p>
            </AlertDescription>
          </Alert>
        )}

        {step === 1 ? (
          <div className="grid gap-2">
            <Label htmlFor="application-statement">Personal Statement</Label>
            <p id="application-statement-hint" className="text-sm text-slate-600">
              Tell the admissions team why you want to join this program: at least{" "}
              {formatCount(STATEMENT_MIN)} characters, at most {formatCount(STATEMENT_MAX)}.
            </p>
            <Textarea
              id="application-statement"
              rows={14}
              className="min-h-64"
              aria-invalid={statementError ? true : undefined}
              aria-describedby={[
                "application-statement-hint",
                "application-statement-count",
                statementError ? "application-statement-error" : null,
              ]
                .filter(Boolean)
                .join(" ")}
              {...statementField}
              defaultValue={draft?.personalStatement}
            />
            <p
              id="application-statement-count"
              className={
                statementLength > STATEMENT_MAX
                  ? "text-sm font-medium text-red-700"
                  : "text-sm text-slate-600"
              }
            >
              {formatCount(statementLength)} / {formatCount(STATEMENT_MAX)} characters
            </p>
            {statementError && (
              <p id="application-statement-error" className="text-sm font-medium text-red-700">
                {statementError}
              </p>
            )}
            <div className="flex justify-end">
              <Button type="submit" name="intent" value="next">
                Next
              </Button>
            </div>
          </div>
        ) : (
          <div className="grid gap-5">
            <FormField
              id="application-institution"
              label="Previous Institution"
              autoComplete="organization"
              {...field("academicHistory.institution")}
            />
            <FormField id="application-degree" label="Previous Degree" {...field("academicHistory.degree")} />
            <div className="grid gap-5 sm:grid-cols-2">
              <FormField
                id="application-gpa"
                label="GPA"
                hint="As on your transcript, for example 3.8 / 4.0 or Upper Second Class (2:1)."
                {...field("academicHistory.gpa")}
              />
              <FormField
                id="application-graduation-year"
                label="Graduation Year"
                type="number"
                inputMode="numeric"
                min={GRADUATION_YEAR_MIN}
                max={maxYear}
                step={1}
                hint={`Expected, if you are still studying: ${GRADUATION_YEAR_MIN} to ${maxYear}.`}
                {...field("academicHistory.graduationYear")}
              />
            </div>
            {/* Submit comes first in the markup: Enter in a field sends the form with the first submit
              button, which must not be Previous. The row is reversed to show Previous on the left. */}
            <div className="flex flex-col gap-2 sm:flex-row-reverse sm:justify-between">
              <Button type="submit" name="intent" value="submit" disabled={pending}>
                {pending ? "Submitting..." : "Submit Application"}
              </Button>
              <Button type="submit" name="intent" value="previous" variant="outline" disabled={pending}>
                Previous
              </Button>
            </div>
          </div>
        )}
      </form>
      <SignInDialog
        open={signingIn}
        onOpenChange={setSigningIn}
        returnTo={`/apply/${programId}`}
        onSignedIn={onSignedIn}
        onCloseAutoFocus={(event) => {
          // Signed in: the button that opened the dialog is gone with the message; the step goes on.
          if (signedOutRef.current) return;
          event.preventDefault();
          headingRef.current?.focus();
        }}
      />
    </>
  );
}
