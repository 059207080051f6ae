"use client";

import { useEffect, useId, useMemo, useState } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { XIcon } from "lucide-react";
import { Controller, useForm, useWatch, type Resolver } from "react-hook-form";
import { CatalogueFormFooter, DeadlineZoneField, useCatalogueSave } from "@/components/admin/catalogue-form";
import { UniversityPicker } from "@/components/admin/university-picker";
import { errorProps, Field, FieldError, FormField } from "@/components/forms/form-field";
import { Button } from "@/components/ui/button";
import { NATIVE_SELECT_CLASS } from "@/components/ui/select-trigger-class";
import { Textarea } from "@/components/ui/textarea";
import { apiFetch } from "@/lib/http/client";
import { COMMON_CURRENCIES } from "@/lib/money/currencies";
import type { ScholarshipDto } from "@/lib/scholarships/queries.server";
import {
  scholarshipSchema,
  type ScholarshipFormValues,
  type ScholarshipInput,
} from "@/lib/validation/scholarship";

// The scholarship form (adding and editing), checked with the schema the API uses; the study
// levels and fields come from the database's lists. It belongs to a university (the picker), one
// of its programs (loaded once a university is chosen), or neither; then it may name the country
// it funds study in. On success it toasts 'Success' and returns to /admin/scholarships; on failure
// it toasts 'Error' with the server's message and puts the server's field messages on their fields.

const FIELDS = [
  "name",
  "provider",
  "description",
  "amountMin",
  "amountMax",
  "currency",
  "amountNote",
  "nationalities",
  "levels",
  "fields",
  "minGrade",
  "deadline",
  "timeZone",
  "officialUrl",
  "universityId",
  "programId",
  "studyCountry",
] as const satisfies readonly (keyof ScholarshipFormValues)[];

/** The first choice of a new scholarship's zone: left to the server (see the schema's timeZone). */
export const DEFAULT_ZONE_OPTION = "Its university's country's (UTC where it has several, or none)";

function initialValues(scholarship?: ScholarshipDto): ScholarshipFormValues {
  return {
    name: scholarship?.name ?? "",
    provider: scholarship?.provider ?? "",
    description: scholarship?.description ?? "",
    amountMin: scholarship?.amountMin ?? "",
    amountMax: scholarship?.amountMax ?? "",
    currency: scholarship?.currency ?? "",
    amountNote: scholarship?.amountNote ?? "",
    nationalities: (scholarship?.nationalities ?? []).join("; "),
    levels: scholarship?.levels ?? [],
    fields: scholarship?.fields ?? [],
    minGrade: scholarship?.minGrade === null || !scholarship ? "" : String(scholarship.minGrade),
    deadline: scholarship?.deadline?.slice(0, 10) ?? "",
    timeZone: scholarship?.timeZone ?? "",
    officialUrl: scholarship?.officialUrl ?? "",
    universityId: scholarship?.university ? String(scholarship.university.id) : "",
    programId: scholarship?.programId ? String(scholarship.programId) : "",
    studyCountry: scholarship?.studyCountry ?? "",
  };
}

/** Boxes for the names of one study list; none ticked: any. */
function ListBoxes({
  id,
  legend,
  names,
  value,
  onChange,
  error,
}: {
  id: string;
  legend: string;
  names: readonly string[];
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
}) {
  return (
    <fieldset className="grid gap-2" {...errorProps(id, error)}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <p className="text-sm text-slate-600">None ticked: any.</p>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {names.map((name, index) => (
          <label key={name} htmlFor={`${id}-${index}`} className="flex items-center gap-2 text-sm">
            <input
              id={`${id}-${index}`}
              type="checkbox"
              className="size-4 accent-brand-600"
              checked={value.includes(name)}
              onChange={(event) =>
                onChange(event.target.checked ? [...value, name] : value.filter((item) => item !== name))
              }
            />
            {name}
          </label>
        ))}
      </div>
      <FieldError id={id} message={error} />
    </fieldset>
  );
}

export function ScholarshipForm({
  levels,
  fields,
  timeZones,
  countries,
  scholarship,
}: {
  levels: string[];
  fields: string[];
  /** The IANA zones to choose from (the server's list). */
  timeZones: readonly string[];
  /** Every country, for the country of study. */
  countries: { code: string; name: string }[];
  /** The scholarship being edited; absent when adding one. */
  scholarship?: ScholarshipDto;
}) {
  const id = useId();
  const editing = scholarship !== undefined;
  const schema = useMemo(
    () => scholarshipSchema({ levels, fields, currentDeadline: scholarship?.deadline }),
    [levels, fields, scholarship?.deadline],
  );
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<ScholarshipFormValues, unknown, ScholarshipInput>({
    resolver: zodResolver(schema) as unknown as Resolver<ScholarshipFormValues, unknown, ScholarshipInput>,
    defaultValues: initialValues(scholarship),
  });
  const universityId = useWatch({ control, name: "universityId" });
  const [programs, setPrograms] = useState<{ id: number; name: string; degree: string }[]>(
    scholarship?.program ? [scholarship.program] : [],
  );
  const ids = Object.fromEntries(FIELDS.map((field) => [field, `${id}-${field}`])) as Record<
    (typeof FIELDS)[number],
    string
  >;
  const { save, stale } = useCatalogueSave("scholarships", {
    editing: scholarship,
    setError,
    fields: FIELDS,
  });

  // The chosen university's live programs (the public list, 500 at most: more than any university has).
  useEffect(() => {
    if (!universityId) return;
    const controller = new AbortController();
    apiFetch<{ id: number; name: string; degree: string }[]>(
      `/api/programs?universityId=${universityId}&limit=500`,
      {
        signal: controller.signal,
      },
    )
      .then((list) => setPrograms([...list].sort((a, b) => a.name.localeCompare(b.name))))
      .catch(() => {
        if (!controller.signal.aborted) setPrograms([]);
      });
    return () => controller.abort();
  }, [universityId]);

  const onSubmit = handleSubmit((values) =>
    save({ ...values, deadline: values.deadline ? values.deadline.toISOString().slice(0, 10) : null }),
  );

  const currencies =
    scholarship?.currency && !(COMMON_CURRENCIES as readonly string[]).includes(scholarship.currency)
      ? [scholarship.currency, ...COMMON_CURRENCIES]
      : COMMON_CURRENCIES;

  return (
    <form onSubmit={onSubmit} noValidate className="grid grid-cols-1 gap-6" aria-busy={isSubmitting}>
      <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
        <FormField
          id={ids.name}
          label="Scholarship Name"
          autoComplete="off"
          error={errors.name?.message}
          className="md:col-span-2"
          {...register("name")}
        />
        <FormField
          id={ids.provider}
          label="Provider"
          autoComplete="off"
          hint="Who gives it: a university, a government, a foundation."
          error={errors.provider?.message}
          {...register("provider")}
        />
        <FormField
          id={ids.officialUrl}
          label="Official page"
          type="url"
          autoComplete="off"
          placeholder="https://"
          error={errors.officialUrl?.message}
          {...register("officialUrl")}
        />

        <fieldset className="grid gap-4 md:col-span-2 md:grid-cols-2">
          <legend className="mb-2 text-sm font-medium">What it belongs to</legend>
          <Field
            id={ids.universityId}
            label="University"
            hint="Empty: a scholarship of no one university."
            error={errors.universityId?.message}
          >
            <div className="flex gap-2">
              <Controller
                control={control}
                name="universityId"
                render={({ field }) => (
                  <UniversityPicker
                    id={ids.universityId}
                    value={field.value || null}
                    onValueChange={(value) => {
                      field.onChange(value);
                      setValue("programId", "");
                      setValue("studyCountry", "");
                    }}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    initial={
                      scholarship?.university
                        ? {
                            value: String(scholarship.university.id),
                            label: `${scholarship.university.name} (${scholarship.university.country})`,
                          }
                        : null
                    }
                    {...errorProps(ids.universityId, errors.universityId?.message)}
                  />
                )}
              />
              {universityId && (
                <Button
                  type="button"
                  variant="outline"
                  size="icon"
                  onClick={() => {
                    setValue("universityId", "");
                    setValue("programId", "");
                  }}
                >
                  <XIcon aria-hidden="true" />
                  <span className="sr-only">No university</span>
                </Button>
              )}
            </div>
          </Field>
          {universityId ? (
            <Field id={ids.programId} label="Program" error={errors.programId?.message}>
              <select
                id={ids.programId}
                className={NATIVE_SELECT_CLASS}
                {...errorProps(ids.programId, errors.programId?.message)}
                {...register("programId")}
              >
                <option value="">Any program of the university</option>
                {programs.map((program) => (
                  <option key={program.id} value={String(program.id)}>
                    {program.name} ({program.degree})
                  </option>
                ))}
              </select>
            </Field>
          ) : (
            <Field id={ids.studyCountry} label="Country of study" error={errors.studyCountry?.message}>
              <select
                id={ids.studyCountry}
                className={NATIVE_SELECT_CLASS}
                {...errorProps(ids.studyCountry, errors.studyCountry?.message)}
                {...register("studyCountry")}
              >
                <option value="">Anywhere, or not stated</option>
                {countries.map((country) => (
                  <option key={country.code} value={country.code}>
                    {country.name}
                  </option>
                ))}
              </select>
            </Field>
          )}
        </fieldset>

        <fieldset className="grid gap-4 md:col-span-2 md:grid-cols-2">
          <legend className="mb-2 text-sm font-medium">Amount</legend>
          <p className="text-sm text-slate-600 md:col-span-2">
            One amount, or a range from the lowest to the highest; both empty when the provider states none.
          </p>
          <FormField
            id={ids.amountMin}
            label="Amount (or lowest)"
            inputMode="decimal"
            autoComplete="off"
            placeholder="5,000.00"
            error={errors.amountMin?.message}
            {...register("amountMin")}
          />
          <FormField
            id={ids.amountMax}
            label="Highest amount (for a range)"
            inputMode="decimal"
            autoComplete="off"
            error={errors.amountMax?.message}
            {...register("amountMax")}
          />
          <Field id={ids.currency} label="Currency" error={errors.currency?.message}>
            <select
              id={ids.currency}
              className={NATIVE_SELECT_CLASS}
              {...errorProps(ids.currency, errors.currency?.message)}
              {...register("currency")}
            >
              <option value="">None (no amount)</option>
              {currencies.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          </Field>
          <FormField
            id={ids.amountNote}
            label="What it covers"
            autoComplete="off"
            placeholder="per year"
            error={errors.amountNote?.message}
            {...register("amountNote")}
          />
        </fieldset>

        <fieldset className="grid gap-4 md:col-span-2">
          <legend className="mb-2 text-sm font-medium">Who may apply</legend>
          <FormField
            id={ids.nationalities}
            label="Nationalities"
            autoComplete="off"
            placeholder="KE; NG; GH"
            hint="Two-letter country codes separated by semicolons. Empty: any nationality."
            error={errors.nationalities?.message}
            {...register("nationalities")}
          />
          <Controller
            control={control}
            name="levels"
            render={({ field }) => (
              <ListBoxes
                id={ids.levels}
                legend="Study levels"
                names={levels}
                value={field.value}
                onChange={field.onChange}
                error={errors.levels?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="fields"
            render={({ field }) => (
              <ListBoxes
                id={ids.fields}
                legend="Study fields"
                names={fields}
                value={field.value}
                onChange={field.onChange}
                error={errors.fields?.message}
              />
            )}
          />
          <FormField
            id={ids.minGrade}
            label="Minimum grade (common scale, 0-100)"
            inputMode="decimal"
            autoComplete="off"
            hint="40 pass, 50 lower second (2:2), 60 upper second (2:1), 70 first. Empty: not stated."
            error={errors.minGrade?.message}
            {...register("minGrade")}
          />
        </fieldset>

        <FormField
          id={ids.deadline}
          label="Deadline"
          type="date"
          hint="The last day to apply. Empty: no fixed deadline."
          error={errors.deadline?.message}
          {...register("deadline")}
        />
        <DeadlineZoneField
          id={ids.timeZone}
          hint="Applications close at 23:59 on the deadline day in this zone."
          error={errors.timeZone?.message}
          zones={timeZones}
          current={scholarship?.timeZone}
          defaultOption={DEFAULT_ZONE_OPTION}
          registration={register("timeZone")}
        />

        <Field
          id={ids.description}
          label="Description"
          error={errors.description?.message}
          className="md:col-span-2"
        >
          <Textarea
            id={ids.description}
            rows={5}
            {...errorProps(ids.description, errors.description?.message)}
            {...register("description")}
          />
        </Field>
      </div>

      <CatalogueFormFooter kind="scholarships" editing={editing} submitting={isSubmitting} stale={stale} />
    </form>
  );
}
