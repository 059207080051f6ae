import {
  get,
  type FieldError,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormRegister,
} from "react-hook-form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";

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
 * `fieldsOf`: `<FormField id="login-username" label="Username" {...field("username")} />`.
 */
export function FormField({ id, label, error, hint, labelAside, className, ...inputProps }: FormFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("grid gap-2", className)}>
      {labelAside ? (
        <div className="flex items-center justify-between gap-2">
          <Label htmlFor={id}>{label}</Label>
          {labelAside}
        </div>
      ) : (
        <Label htmlFor={id}>{label}</Label>
      )}
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...inputProps} />
      {hint && (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
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
    error: (get(errors, name) as FieldError | undefined)?.message,
    defaultValue: values?.[name],
  });
}
