import {
  get,
  type FieldError as HookFieldError,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormRegister,
} from "react-hook-form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";

/** aria-invalid and aria-describedby of a control with this error (its message is `${id}-error`). */
export function errorProps(id: string, error?: string) {
  return error ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {};
}

/** A field's validation message, named by its control's aria-describedby (see errorProps). */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={`${id}-error`} className="text-sm font-medium text-red-700">
      {message}
    </p>
  );
}

type FieldProps = {
  /** The control's id: the label points at it, and the note and error take their ids from it. */
  id: string;
  label: string;
  /** A note under the control (its id: `${id}-hint`, for the control's aria-describedby). */
  hint?: React.ReactNode;
  error?: string;
  /** Something beside the label, such as a "Forgot password?" link. */
  labelAside?: React.ReactNode;
  className?: string;
  hintClassName?: string;
  children: React.ReactNode;
};

/**
 * A field's layout: its label (id `${id}-label`, for controls labelled by it and their value), the
 * control, a note under it and its error. The control carries its own aria attributes (errorProps),
 * so this suits any control: a select, a combobox, a date button, a textarea, a picker with its
 * buttons. In a row of a grid the field keeps to its own height (content-start).
 */
export function Field({
  id,
  label,
  hint,
  error,
  labelAside,
  className,
  hintClassName,
  children,
}: FieldProps) {
  const labelElement = (
    <Label id={`${id}-label`} htmlFor={id}>
      {label}
    </Label>
  );
  return (
    <div className={cn("grid content-start gap-2", className)}>
      {labelAside ? (
        <div className="flex items-center justify-between gap-2">
          {labelElement}
          {labelAside}
        </div>
      ) : (
        labelElement
      )}
      {children}
      {hint && (
        <p id={`${id}-hint`} className={cn("text-sm text-slate-600", hintClassName)}>
          {hint}
        </p>
      )}
      <FieldError id={id} message={error} />
    </div>
  );
}

type FormFieldProps = React.ComponentProps<typeof Input> & {
  id: string;
  label: string;
  /** The field's validation message; marks the input aria-invalid and describes it. */
  error?: string;
  /** A hint shown under the input, read with it. */
  hint?: React.ReactNode;
  /** Something beside the label, such as a "Forgot password?" link. */
  labelAside?: React.ReactNode;
};

/**
 * A labelled input with its hint and inline error. Spread a react-hook-form field into it with
 * `fieldsOf`: `<FormField id="login-username" label="Username" {...field("username")} />`. Its hint is
 * in small print and read with the input; beside a taller field its rows stretch (content-normal),
 * as they always have.
 */
export function FormField({ id, label, error, hint, labelAside, className, ...inputProps }: FormFieldProps) {
  const describedBy =
    [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <Field
      id={id}
      label={label}
      hint={hint}
      error={error}
      labelAside={labelAside}
      className={cn("content-normal", className)}
      hintClassName="text-xs"
    >
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...inputProps} />
    </Field>
  );
}

/**
 * FormField's props for the fields of a react-hook-form form: `const field = fieldsOf(register,
 * errors)`, then `field(name)` is the field's registration and its message. `values` are what the
 * inputs show in the server's HTML (react-hook-form fills them in only once hydrated): what a
 * form sent without JavaScript had typed.
 */
export function fieldsOf<T extends FieldValues>(
  register: UseFormRegister<T>,
  errors: FieldErrors<T>,
  values?: Partial<Record<Path<T>, string>>,
) {
  return (name: Path<T>) => ({
    ...register(name),
    error: (get(errors, name) as HookFieldError | undefined)?.message,
    defaultValue: values?.[name],
  });
}
