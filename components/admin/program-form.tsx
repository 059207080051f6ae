"use client";

import { useId, useMemo, useState } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { CalendarIcon } from "lucide-react";
import { Controller, useForm, useWatch, type Resolver } from "react-hook-form";
import { CatalogueFormFooter, DeadlineZoneField, useCatalogueSave } from "@/components/admin/catalogue-form";
import { UniversityPicker } from "@/components/admin/university-picker";
import { errorProps, Field, FieldError, FormField } from "@/components/forms/form-field";
import { SelectField } from "@/components/forms/select-field";
import { Button } from "@/components/ui/button";
import { Calendar } from "@/components/ui/calendar";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { NATIVE_SELECT_CLASS, NATIVE_SELECT_COMPACT_CLASS } from "@/components/ui/select-trigger-class";
import { Textarea } from "@/components/ui/textarea";
import { DEGREES, DURATIONS } from "@/lib/constants";
import { formatDate, formatYears } from "@/lib/format";
import type { ProgramDto } from "@/lib/programs/queries.server";
import { COMMON_CURRENCIES, DEFAULT_CURRENCY } from "@/lib/money/currencies";
import { caretAfterFormat, formatTuitionInput, tuitionToInput } from "@/lib/programs/tuition";
import { ENGLISH_MINIMUMS, REQUIREMENT_FIELDS, requirementsToInput } from "@/lib/fit/requirements";
import { ENGLISH_TEST_RULES } from "@/lib/fit/english";
import { cn } from "@/lib/utils";
import {
  dayFromDeadline,
  deadlineFromDay,
  isBeforeToday,
  PROGRAM_KEEPS_UNIVERSITY,
  programSchema,
  type ProgramFormValues,
  type ProgramInput,
} from "@/lib/validation/program";

const FIELDS = [
  "name",
  "universityId",
  "level",
  "field",
  "degree",
  "duration",
  "tuition",
  "currency",
  "deadline",
  "timeZone",
  "description",
  "requiredDocuments",
  "optionalDocuments",
  "referencesRequired",
  ...REQUIREMENT_FIELDS,
] as const satisfies readonly (keyof ProgramFormValues)[];

type ProgramFormProps = {
  /** The study levels and fields of the database (Settings, Programs tab). */
  levels: string[];
  fields: string[];
  /** The document types of the database (Settings, Programs tab), in display order. */
  documentTypes?: string[];
  /** The program being edited; absent when adding one. */
  program?: ProgramDto;
  /** Students applied to it or are writing an application: it keeps its university. */
  hasApplications?: boolean;
  /** The IANA zones to choose from (the server's list: a browser's may differ). */
  timeZones: readonly string[];
};

/** The first choice of a new program's zone: left to the server (see programSchema's timeZone). */
export const COUNTRY_TIME_ZONE_OPTION = "The university's country's (UTC where it has several)";

/** A select's options whose values are shown as they are. */
const sameText = (values: readonly string[]) => Object.fromEntries(values.map((value) => [value, value]));

function initialValues(program?: ProgramDto): ProgramFormValues {
  if (!program) {
    return {
      name: "",
      universityId: "",
      level: "",
      field: "",
      degree: "",
      duration: "",
      tuition: "",
      currency: DEFAULT_CURRENCY,
      deadline: "",
      timeZone: "",
      description: "",
      requiredDocuments: [],
      optionalDocuments: [],
      referencesRequired: "0",
      ...requirementsToInput(null),
    };
  }
  return {
    name: program.name,
    universityId: String(program.universityId),
    level: program.level,
    field: program.field,
    degree: program.degree,
    duration: String(program.duration),
    tuition: tuitionToInput(program.tuition),
    currency: program.currency,
    deadline: program.deadline,
    timeZone: program.timeZone,
    description: program.description,
    requiredDocuments: program.requiredDocuments,
    optionalDocuments: program.optionalDocuments,
    referencesRequired: String(program.referencesRequired),
    ...requirementsToInput(program),
  };
}

type DocumentChoice = "none" | "optional" | "required";

/**
 * What the program asks of each document type: nothing, optional or required (one choice per
 * type, so no type is both). Native selects: they work before the page's script has loaded.
 */
function DocumentRequirements({
  id,
  types,
  required,
  optional,
  onChange,
  error,
}: {
  id: string;
  types: string[];
  required: string[];
  optional: string[];
  onChange: (required: string[], optional: string[]) => void;
  error?: string;
}) {
  const choiceOf = (name: string): DocumentChoice =>
    required.includes(name) ? "required" : optional.includes(name) ? "optional" : "none";
  const choose = (name: string, choice: DocumentChoice) => {
    const keep = (list: string[]) => list.filter((item) => item !== name);
    onChange(
      choice === "required" ? [...keep(required), name] : keep(required),
      choice === "optional" ? [...keep(optional), name] : keep(optional),
    );
  };
  return (
    <fieldset className="grid gap-3 md:col-span-2" {...errorProps(id, error)}>
      <legend className="text-sm font-medium">Documents</legend>
      <p className="text-sm text-slate-600">
        What an application must include. Students cannot submit without the required ones.
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        {types.map((name, index) => (
          <div key={name} className="flex items-center justify-between gap-3 rounded-md border px-3 py-2">
            <label htmlFor={`${id}-${index}`} className="text-sm">
              {name}
            </label>
            <select
              id={`${id}-${index}`}
              className={NATIVE_SELECT_COMPACT_CLASS}
              value={choiceOf(name)}
              onChange={(event) => choose(name, event.target.value as DocumentChoice)}
            >
              <option value="none">Not asked</option>
              <option value="optional">Optional</option>
              <option value="required">Required</option>
            </select>
          </div>
        ))}
      </div>
      <FieldError id={id} message={error} />
    </fieldset>
  );
}

/**
 * The program form (adding and editing): every field required, checked with the
 * schema the API uses; the level and field options come from the database's lists. On success it
 * toasts 'Success' and returns to /admin/programs; on failure it toasts 'Error' with the server's
 * message and puts the server's field messages on their fields.
 */
export function ProgramForm({
  levels,
  fields,
  documentTypes = [],
  program,
  hasApplications = false,
  timeZones,
}: ProgramFormProps) {
  const id = useId();
  const editing = program !== undefined;
  const universityLocked = editing && hasApplications;
  const schema = useMemo(
    () => programSchema({ levels, fields, documentTypes, currentDeadline: program?.deadline }),
    [levels, fields, documentTypes, program?.deadline],
  );
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<ProgramFormValues, unknown, ProgramInput>({
    resolver: zodResolver(schema) as unknown as Resolver<ProgramFormValues, unknown, ProgramInput>,
    defaultValues: initialValues(program),
  });
  const requiredDocuments = useWatch({ control, name: "requiredDocuments" });
  const optionalDocuments = useWatch({ control, name: "optionalDocuments" });
  const [calendarOpen, setCalendarOpen] = useState(false);
  const ids = Object.fromEntries(FIELDS.map((field) => [field, `${id}-${field}`])) as Record<
    (typeof FIELDS)[number],
    string
  >;
  const { save, stale } = useCatalogueSave("programs", { editing: program, setError, fields: FIELDS });

  const onSubmit = handleSubmit((values) => save({ ...values, deadline: values.deadline.toISOString() }));

  return (
    <form onSubmit={onSubmit} noValidate className="grid grid-cols-1 gap-6" aria-busy={isSubmitting}>
      <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
        <FormField
          id={ids.name}
          label="Program Name"
          autoComplete="off"
          placeholder="e.g., Computer Science"
          error={errors.name?.message}
          className="md:col-span-2"
          {...register("name")}
        />

        <Field
          id={ids.universityId}
          label="University"
          hint={universityLocked ? PROGRAM_KEEPS_UNIVERSITY : undefined}
          error={errors.universityId?.message}
          className="md:col-span-2"
        >
          <Controller
            control={control}
            name="universityId"
            render={({ field }) => (
              <UniversityPicker
                id={ids.universityId}
                value={field.value || null}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
                initial={
                  program
                    ? {
                        value: String(program.universityId),
                        label: `${program.university.name} (${program.university.country})`,
                      }
                    : null
                }
                disabled={universityLocked}
                {...errorProps(ids.universityId, errors.universityId?.message)}
                {...(universityLocked && { "aria-describedby": `${ids.universityId}-hint` })}
              />
            )}
          />
        </Field>

        <SelectField
          control={control}
          name="level"
          id={ids.level}
          label="Study Level"
          placeholder="Select level"
          options={sameText(levels)}
        />
        <SelectField
          control={control}
          name="field"
          id={ids.field}
          label="Study Field"
          placeholder="Select field"
          options={sameText(fields)}
        />
        <SelectField
          control={control}
          name="degree"
          id={ids.degree}
          label="Degree"
          placeholder="Select degree"
          options={sameText(DEGREES)}
        />
        <SelectField
          control={control}
          name="duration"
          id={ids.duration}
          label="Duration (years)"
          placeholder="Select duration"
          options={Object.fromEntries(DURATIONS.map((years) => [String(years), formatYears(years)]))}
        />

        <Controller
          control={control}
          name="tuition"
          render={({ field }) => (
            <FormField
              id={ids.tuition}
              label="Tuition"
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              hint="Per year, in the program's currency."
              error={errors.tuition?.message}
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              value={field.value}
              onChange={(event) => {
                const input = event.target;
                const raw = input.value;
                const caret = input.selectionStart ?? raw.length;
                const formatted = formatTuitionInput(raw);
                field.onChange(formatted);
                // Put the caret back where the admin was typing once React has written the value.
                const position = caretAfterFormat(raw, caret, formatted);
                requestAnimationFrame(() => {
                  if (document.activeElement === input) input.setSelectionRange(position, position);
                });
              }}
            />
          )}
        />

        <SelectField
          control={control}
          name="currency"
          id={ids.currency}
          label="Currency"
          placeholder="Select currency"
          options={sameText(
            program && !(COMMON_CURRENCIES as readonly string[]).includes(program.currency)
              ? [program.currency, ...COMMON_CURRENCIES]
              : COMMON_CURRENCIES,
          )}
        />

        <Controller
          control={control}
          name="deadline"
          render={({ field }) => {
            const day = field.value ? dayFromDeadline(field.value) : undefined;
            return (
              <Field id={ids.deadline} label="Application Deadline" error={errors.deadline?.message}>
                <Popover open={calendarOpen} onOpenChange={setCalendarOpen}>
                  <PopoverTrigger asChild>
                    <Button
                      id={ids.deadline}
                      ref={field.ref}
                      type="button"
                      variant="outline"
                      onBlur={field.onBlur}
                      aria-labelledby={`${ids.deadline}-label ${ids.deadline}`}
                      className={cn(
                        "w-full justify-start font-normal aria-invalid:border-red-600 aria-invalid:ring-2 aria-invalid:ring-red-600/30",
                        !day && "text-slate-600",
                      )}
                      {...errorProps(ids.deadline, errors.deadline?.message)}
                    >
                      <CalendarIcon aria-hidden="true" />
                      {day ? formatDate(field.value) : "Pick a date"}
                    </Button>
                  </PopoverTrigger>
                  <PopoverContent
                    className="w-auto p-0"
                    align="start"
                    aria-label="Choose the application deadline"
                  >
                    <Calendar
                      mode="single"
                      selected={day}
                      defaultMonth={day}
                      disabled={(date) => isBeforeToday(date)}
                      onSelect={(date) => {
                        if (!date) return;
                        field.onChange(deadlineFromDay(date));
                        setCalendarOpen(false);
                      }}
                      autoFocus
                    />
                  </PopoverContent>
                </Popover>
              </Field>
            );
          }}
        />

        <DeadlineZoneField
          id={ids.timeZone}
          hint="Applications close at 23:59 on the deadline day in this zone (the university's)."
          error={errors.timeZone?.message}
          zones={timeZones}
          current={program?.timeZone}
          defaultOption={COUNTRY_TIME_ZONE_OPTION}
          readHint
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
            rows={6}
            placeholder="What students learn, how the program is taught, entry requirements..."
            {...errorProps(ids.description, errors.description?.message)}
            {...register("description")}
          />
        </Field>

        <FormField
          id={ids.referencesRequired}
          label="References needed"
          inputMode="numeric"
          hint="How many referees an applicant names (0 to 5)."
          error={errors.referencesRequired?.message}
          {...register("referencesRequired")}
        />

        <fieldset className="grid gap-4 md:col-span-2 md:grid-cols-2">
          <legend className="mb-2 text-sm font-medium">Entry requirements and fees</legend>
          <p className="text-sm text-slate-600 md:col-span-2">
            Leave a field empty when the university does not state it: students then see &ldquo;Not
            stated&rdquo;. Never fill in a guess.
          </p>
          <FormField
            id={ids.minGrade}
            label="Minimum grade (common scale, 0-100)"
            inputMode="decimal"
            autoComplete="off"
            hint="40 pass, 50 lower second (2:2), 60 upper second (2:1), 70 first; see the README."
            error={errors.minGrade?.message}
            {...register("minGrade")}
          />
          {(Object.keys(ENGLISH_MINIMUMS) as (keyof typeof ENGLISH_MINIMUMS)[]).map((name) => {
            const rule = ENGLISH_TEST_RULES[ENGLISH_MINIMUMS[name]];
            return (
              <FormField
                key={name}
                id={ids[name]}
                label={`Minimum ${rule.label}`}
                inputMode="decimal"
                autoComplete="off"
                hint={`${rule.min} to ${rule.max}`}
                error={errors[name]?.message}
                {...register(name)}
              />
            );
          })}
          <FormField
            id={ids.startTerms}
            label="Start terms"
            autoComplete="off"
            placeholder="2027-09, 2028-01"
            hint="Year and month of each start, separated by commas."
            error={errors.startTerms?.message}
            {...register("startTerms")}
          />
          <FormField
            id={ids.tuitionHome}
            label="Home students' tuition (per year)"
            inputMode="decimal"
            autoComplete="off"
            hint="In the program's currency; the tuition above is the international students' figure."
            error={errors.tuitionHome?.message}
            {...register("tuitionHome")}
          />
          <FormField
            id={ids.applicationFee}
            label="Application fee"
            inputMode="decimal"
            autoComplete="off"
            error={errors.applicationFee?.message}
            {...register("applicationFee")}
          />
          <Field
            id={ids.visaSponsorship}
            label="Student visa sponsorship"
            error={errors.visaSponsorship?.message}
          >
            <select
              id={ids.visaSponsorship}
              {...errorProps(ids.visaSponsorship, errors.visaSponsorship?.message)}
              className={NATIVE_SELECT_CLASS}
              {...register("visaSponsorship")}
            >
              <option value="">Not stated</option>
              <option value="yes">Yes, it can sponsor a student visa</option>
              <option value="no">No</option>
            </select>
          </Field>
        </fieldset>

        <DocumentRequirements
          id={ids.requiredDocuments}
          types={documentTypes}
          required={requiredDocuments}
          optional={optionalDocuments}
          onChange={(required, optional) => {
            setValue("requiredDocuments", required, { shouldDirty: true });
            setValue("optionalDocuments", optional, { shouldDirty: true });
          }}
          error={errors.requiredDocuments?.message ?? errors.optionalDocuments?.message}
        />
      </div>

      <CatalogueFormFooter kind="programs" editing={editing} submitting={isSubmitting} stale={stale} />
    </form>
  );
}
