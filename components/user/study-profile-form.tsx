"use client";

import { useRouter } from "next/navigation";
import { useWatch } from "react-hook-form";
import { toast } from "sonner";
import { ActionForm, useActionForm } from "@/components/forms/action-state";
import { FormField } from "@/components/forms/form-field";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { saveStudentProfileAction } from "@/lib/fit/actions";
import { ENGLISH_TEST_RULES, ENGLISH_TESTS } from "@/lib/fit/english";
import {
  GRADE_SCALE_LABELS,
  GRADE_SCALES,
  gradeRangeText,
  normaliseGrade,
  UK_CLASS_LABELS,
  UK_CLASSES,
  type GradeScale,
} from "@/lib/fit/grades";
import { STUDENT_PROFILE_SCHEMA, type StudentProfileFormValues } from "@/lib/validation/student-profile";
import { NATIVE_SELECT_CLASS } from "@/components/ui/select-trigger-class";

const FAILURE_TITLE = "Could not save your study profile";

type Countries = readonly { code: string; name: string }[];

/**
 * The study profile: what program pages check the student against (lib/fit/rules.ts). Every field
 * is optional; the server refuses a half pair (a score without its date) on the missing field.
 * Native selects and inputs, so the form works before its script has loaded.
 */
export function StudyProfileForm({
  defaultValues,
  countries,
}: {
  defaultValues: StudentProfileFormValues;
  countries: Countries;
}) {
  const router = useRouter();
  const { formProps, field, pending, form, values } = useActionForm<StudentProfileFormValues>({
    action: saveStudentProfileAction,
    schema: STUDENT_PROFILE_SCHEMA,
    defaults: defaultValues,
    onFailure: ({ error }) => toast.error(FAILURE_TITLE, { description: error }),
    onSuccess: (saved) => {
      form.reset(saved.values as StudentProfileFormValues);
      toast.success("Study profile saved", { description: saved.message });
      router.refresh();
    },
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const scale = useWatch({ control, name: "gradeScale" }) as GradeScale | "";
  const grade = useWatch({ control, name: "grade" });
  const score = scale && grade ? normaliseGrade(scale, grade) : null;

  const select = (
    name: "nationality" | "residence" | "gradeScale",
    label: string,
    options: [string, string][],
  ) => {
    const id = `study-${name}`;
    const error = errors[name]?.message;
    return (
      <div className="grid content-start gap-2">
        <Label htmlFor={id}>{label}</Label>
        <select
          id={id}
          className={NATIVE_SELECT_CLASS}
          defaultValue={values[name]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...register(name)}
        >
          <option value="">Not given</option>
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
        {error && (
          <p id={`${id}-error`} className="text-sm font-medium text-red-700">
            {error}
          </p>
        )}
      </div>
    );
  };
  const countryOptions = countries.map(({ code, name }): [string, string] => [code, name]);

  return (
    <ActionForm
      {...formProps}
      failureTitle={FAILURE_TITLE}
      successTitle="Study profile saved"
      aria-label="Study profile"
    >
      <input type="hidden" {...register("version")} defaultValue={values.version} />
      <div className="grid gap-5 sm:grid-cols-2">
        {select("nationality", "Nationality", countryOptions)}
        {select("residence", "Country of residence", countryOptions)}
        <FormField
          id="study-qualification"
          label="Highest qualification"
          placeholder="e.g. BSc Physics, A levels, Abitur"
          className="sm:col-span-2"
          {...field("qualification")}
        />
        {select(
          "gradeScale",
          "Grade scale",
          GRADE_SCALES.map((value): [string, string] => [value, GRADE_SCALE_LABELS[value]]),
        )}
        {scale === "uk_class" ? (
          <div className="grid content-start gap-2">
            <Label htmlFor="study-grade">Grade</Label>
            <select
              id="study-grade"
              className={NATIVE_SELECT_CLASS}
              defaultValue={values.grade}
              aria-invalid={errors.grade ? true : undefined}
              aria-describedby={errors.grade ? "study-grade-error" : undefined}
              {...register("grade")}
            >
              <option value="">Choose a class</option>
              {UK_CLASSES.map((value) => (
                <option key={value} value={value}>
                  {UK_CLASS_LABELS[value]}
                </option>
              ))}
            </select>
            {errors.grade?.message && (
              <p id="study-grade-error" className="text-sm font-medium text-red-700">
                {errors.grade.message}
              </p>
            )}
          </div>
        ) : (
          <FormField
            id="study-grade"
            label="Grade"
            inputMode="decimal"
            autoComplete="off"
            hint={
              score !== null
                ? `${score} on the common 0-100 scale programs state their minimum on.`
                : scale
                  ? gradeRangeText(scale)
                  : "Choose its scale first. UK classes: first, upper-second, lower-second or third."
            }
            {...field("grade")}
          />
        )}
      </div>

      <fieldset className="grid gap-4">
        <legend className="mb-2 text-sm font-medium">English tests</legend>
        <p className="text-sm text-slate-600">
          Your latest result of each test you took, with the date you took it. Results older than two years
          count as expired.
        </p>
        {ENGLISH_TESTS.map((test) => {
          const { label, min, max, step } = ENGLISH_TEST_RULES[test];
          return (
            <div key={test} className="grid gap-4 sm:grid-cols-2">
              <FormField
                id={`study-${test}-score`}
                label={`${label} score`}
                inputMode="decimal"
                autoComplete="off"
                hint={`${min} to ${max}${step !== 1 ? `, in steps of ${step}` : ""}`}
                {...field(`${test}Score` as const)}
              />
              <FormField
                id={`study-${test}-taken-on`}
                label={`${label}: date taken`}
                type="date"
                {...field(`${test}TakenOn` as const)}
              />
            </div>
          );
        })}
      </fieldset>

      <div className="grid gap-5 sm:grid-cols-3">
        <FormField
          id="study-budget-amount"
          label="Yearly budget"
          inputMode="decimal"
          autoComplete="off"
          hint="For tuition, per year."
          {...field("budgetAmount")}
        />
        <FormField
          id="study-budget-currency"
          label="Currency"
          autoComplete="off"
          maxLength={3}
          placeholder="EUR"
          hint="Three-letter code: EUR, USD, GBP..."
          {...field("budgetCurrency")}
        />
        <FormField
          id="study-start-term"
          label="Preferred start"
          type="month"
          placeholder="2027-09"
          hint="Year and month, e.g. 2027-09."
          {...field("startTerm")}
        />
      </div>
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? "Saving..." : "Save study profile"}
        </Button>
      </div>
    </ActionForm>
  );
}
