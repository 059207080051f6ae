"use client";

import Form from "next/form";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { ActionForm, useActionForm } from "@/components/forms/action-state";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { validationErrorBody } from "@/lib/http/errors";
import { saveNoticePreferencesAction } from "@/lib/notifications/actions";
import {
  DELIVERY_LABELS,
  HANDLED_UNIVERSITIES_MAX,
  NOTICE_DELIVERIES,
  NOTICE_DESCRIPTIONS,
  NOTICE_KINDS,
  NOTICE_LABELS,
  type NoticePreferences,
} from "@/lib/notifications/kinds";
import { noticePreferencesFormFields, noticePreferencesSchema } from "@/lib/validation/notifications";

const FAILURE_TITLE = "Your choices were not saved";
const SEARCH_FORM = "university-search";

type University = NoticePreferences["universities"][number];

export interface UniversitySearch {
  /** What was searched for, as typed ("" before any search). */
  q: string;
  /** The matches not chosen yet (at most a page of them); null before any search. */
  results: University[] | null;
  /** How many universities match in all. */
  total: number;
  /** Why the search could not be made (the API's message for the same text), if so. */
  error: string | null;
}

/**
 * The staff member's e-mail choices, one set of radio buttons per kind of event, and the
 * universities they handle, as checkboxes: those chosen (untick to drop one) and the matches of a
 * search (tick to add one). It posts to saveNoticePreferencesAction, with or without JavaScript;
 * the search is a GET form of its own (the inputs name it with `form`), so it works without
 * JavaScript too, and once hydrated it keeps the unsaved choices while the page reloads.
 */
export function NoticePreferencesForm({
  preferences,
  search,
}: {
  preferences: NoticePreferences;
  search: UniversitySearch;
}) {
  const router = useRouter();
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<Record<string, string[]> | null>(null);
  const { state, dispatch, pending, submit } = useActionForm<Record<string, string>>({
    action: saveNoticePreferencesAction,
    defaults: {},
    onFailure: ({ error, fieldErrors }) => {
      if (!fieldErrors) toast.error(FAILURE_TITLE, { description: error });
    },
    onSuccess: ({ message }) => {
      toast.success("Saved", { description: message });
      // The universities ticked among the search's matches are now among those chosen.
      router.refresh();
    },
  });
  const errors = clientErrors ?? state.fieldErrors ?? {};
  const errorOf = (field: string) => errors[field]?.[0];

  // A refusal moves the focus to the first control with a message.
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('[data-invalid="true"]')?.focus();
  }, [clientErrors, state]);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const checked = noticePreferencesSchema.safeParse(noticePreferencesFormFields(data));
    if (!checked.success) {
      setClientErrors(validationErrorBody(checked.error.issues).fieldErrors ?? {});
      return;
    }
    setClientErrors(null);
    submit(data);
  };

  // A refused id is named by its place in the list (universityIds.0).
  const universitiesError = Object.entries(errors).find(([field]) => /^universityIds\b/.test(field))?.[1][0];
  return (
    <>
      {/* The search's own form: its input and button sit in the universities' fieldset below. */}
      <Form id={SEARCH_FORM} action="/admin/notifications" scroll={false} aria-label="Find universities" />
      <ActionForm
        ref={formRef}
        action={dispatch}
        state={clientErrors ? {} : state}
        onSubmit={onSubmit}
        failureTitle={FAILURE_TITLE}
        successTitle="Saved"
        aria-label="E-mail notifications"
        className="grid gap-8"
      >
        <section aria-labelledby="kinds-heading" className="grid gap-5">
          <div className="grid gap-1">
            <h2 id="kinds-heading" className="text-xl font-semibold text-slate-900">
              When to e-mail you
            </h2>
            <p className="text-sm text-slate-600">
              For each kind of event: an e-mail at once, a line in one e-mail each morning (the daily digest),
              or nothing. You are told of the applications assigned to you; of those nobody is assigned, the
              staff who handle the university are told.
            </p>
          </div>
          {NOTICE_KINDS.map((kind) => {
            const error = errorOf(kind);
            return (
              <fieldset
                key={kind}
                className="grid gap-2 rounded-md border border-slate-200 bg-white p-4"
                aria-describedby={[`notice-${kind}-description`, error ? `notice-${kind}-error` : null]
                  .filter(Boolean)
                  .join(" ")}
              >
                <legend className="px-1 text-base font-medium text-slate-900">{NOTICE_LABELS[kind]}</legend>
                <p id={`notice-${kind}-description`} className="text-sm text-slate-600">
                  {NOTICE_DESCRIPTIONS[kind]}
                </p>
                <div className="flex flex-wrap gap-x-6 gap-y-2">
                  {NOTICE_DELIVERIES.map((delivery, index) => (
                    <label key={delivery} className="flex items-center gap-2 text-sm text-slate-900">
                      <input
                        type="radio"
                        name={kind}
                        value={delivery}
                        defaultChecked={preferences.choices[kind] === delivery}
                        data-invalid={error && index === 0 ? true : undefined}
                        className="size-4 accent-brand-600"
                      />
                      {DELIVERY_LABELS[delivery]}
                    </label>
                  ))}
                </div>
                {error && (
                  <p id={`notice-${kind}-error`} className="text-sm font-medium text-red-700">
                    {error}
                  </p>
                )}
              </fieldset>
            );
          })}
        </section>

        <fieldset
          className="grid gap-4"
          aria-describedby={["universities-hint", universitiesError ? "universities-error" : null]
            .filter(Boolean)
            .join(" ")}
        >
          <legend className="text-xl font-semibold text-slate-900">Universities you handle</legend>
          <p id="universities-hint" className="-mt-2 text-sm text-slate-600">
            New applications to their programs are yours to hear of, and so are the others of their
            applications nobody is assigned. Choosing none, you hear of no new applications, and of the
            applications of the universities nobody handles. At most {HANDLED_UNIVERSITIES_MAX}.
          </p>
          {universitiesError && (
            <p id="universities-error" className="text-sm font-medium text-red-700">
              {universitiesError}
            </p>
          )}
          {preferences.universities.length === 0 ? (
            <p className="text-sm text-slate-700">You handle no university yet.</p>
          ) : (
            <UniversityBoxes
              label="Chosen: untick one to stop handling it"
              universities={preferences.universities}
              checked
              invalid={Boolean(universitiesError)}
            />
          )}
          <div className="grid gap-2">
            <Label htmlFor="university-search-q">Find a university to add</Label>
            <div className="flex flex-wrap gap-2">
              <Input
                id="university-search-q"
                form={SEARCH_FORM}
                name="q"
                type="search"
                defaultValue={search.q}
                aria-describedby="university-search-hint"
                className="max-w-sm"
              />
              <Button type="submit" form={SEARCH_FORM} variant="outline">
                Search
              </Button>
            </div>
            <p id="university-search-hint" className="text-xs text-slate-600">
              Part of its name, in any case and with or without accents. Tick the ones you handle, then save.
            </p>
          </div>
          <SearchResults search={search} />
        </fieldset>

        <div>
          <Button type="submit" disabled={pending}>
            {pending ? "Saving..." : "Save choices"}
          </Button>
        </div>
      </ActionForm>
    </>
  );
}

/** What the university search found, as checkboxes to tick. */
function SearchResults({ search }: { search: UniversitySearch }) {
  if (search.error)
    return (
      <p role="alert" className="text-sm font-medium text-red-700">
        {search.error}
      </p>
    );
  if (!search.results) return null;
  if (search.results.length === 0)
    return (
      <p role="status" className="text-sm text-slate-700">
        {search.total === 0
          ? `No university matches "${search.q}".`
          : `Every university matching "${search.q}" is among those you chose.`}
      </p>
    );
  const more = search.total > search.results.length;
  return (
    <UniversityBoxes
      label={`Matches of "${search.q}"${more ? `: the first ${search.results.length}, search for more of the name to narrow them` : ""}`}
      universities={search.results}
      checked={false}
    />
  );
}

/** A list of universities as checkboxes named universityIds, under a label. */
function UniversityBoxes({
  label,
  universities,
  checked,
  invalid = false,
}: {
  label: string;
  universities: readonly University[];
  checked: boolean;
  invalid?: boolean;
}) {
  const id = checked ? "chosen-universities" : "found-universities";
  return (
    <div className="grid gap-2">
      <p id={id} className="text-sm font-medium text-slate-900">
        {label}
      </p>
      <ul aria-labelledby={id} className="grid gap-1.5 sm:grid-cols-2">
        {universities.map((university, index) => (
          <li key={`${id}-${university.id}`}>
            <label className="flex items-start gap-2 text-sm text-slate-900">
              <input
                type="checkbox"
                name="universityIds"
                value={university.id}
                defaultChecked={checked}
                data-invalid={invalid && index === 0 ? true : undefined}
                className="mt-0.5 size-4 accent-brand-600"
              />
              <span>
                {university.name} <span className="text-slate-600">({university.country})</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
    </div>
  );
}
