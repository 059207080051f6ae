"use client";

import { Controller, type Control, type FieldValues, type Path } from "react-hook-form";
import { errorProps, Field } from "@/components/forms/form-field";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

type SelectFieldProps<T extends FieldValues, C, O> = {
  /** react-hook-form's control, and the field the select sets. */
  control: Control<T, C, O>;
  name: Path<T>;
  id: string;
  label: string;
  /** The choices in order: value to the text shown. */
  options: Readonly<Record<string, string>>;
  /** Shown while nothing is chosen. */
  placeholder?: string;
};

/**
 * A labelled select bound to a react-hook-form field, with its inline error (the schema's message,
 * or the server's for that field): the select's counterpart of FormField.
 */
export function SelectField<T extends FieldValues, C = unknown, O = T>({
  control,
  name,
  id,
  label,
  options,
  placeholder,
}: SelectFieldProps<T, C, O>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState: { error } }) => (
        <Field id={id} label={label} error={error?.message}>
          <Select value={field.value ?? ""} onValueChange={field.onChange}>
            <SelectTrigger
              id={id}
              ref={field.ref}
              className="w-full"
              onBlur={field.onBlur}
              {...errorProps(id, error?.message)}
            >
              <SelectValue placeholder={placeholder} />
            </SelectTrigger>
            <SelectContent>
              {Object.entries(options).map(([value, text]) => (
                <SelectItem key={value} value={value}>
                  {text}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Field>
      )}
    />
  );
}
