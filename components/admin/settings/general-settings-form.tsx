"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { toast } from "sonner";
import { FormField, fieldsOf } from "@/components/forms/form-field";
import { applyServerFieldErrors } from "@/components/forms/server-errors";
import { StaleWriteNotice } from "@/components/forms/stale-write-notice";
import { Button } from "@/components/ui/button";
import { apiFetch, errorMessage, staleWriteMessage } from "@/lib/http/client";
import type { GeneralSettings } from "@/lib/settings/constants";
import {
  DECIDE_BY_DAYS_MAX,
  DECIDE_BY_DAYS_MIN,
  generalSettingsSchema,
  PLATFORM_NAME_MAX,
  type GeneralSettingsInput,
} from "@/lib/validation/settings";

/** What the inputs hold: text, the number too until it is checked. */
interface FormValues {
  platformName: string;
  decideByWorkingDays: string;
}

/**
 * The General tab: the platform name shown in the header, footer and page titles, and the working
 * days an application's decide-by date is counted in (PATCH /api/settings). Only the changed
 * settings are sent, each with the version it was opened with; a save since refuses it (with
 * Reload).
 */
export function GeneralSettingsForm({ settings }: { settings: GeneralSettings }) {
  const router = useRouter();
  // The versions of the last save from this form, or those the page was rendered with.
  const [basedOn, setBasedOn] = useState(settings);
  const [stale, setStale] = useState<string | null>(null);
  const valuesOf = (saved: GeneralSettings): FormValues => ({
    platformName: saved.platformName,
    decideByWorkingDays: String(saved.decideByWorkingDays),
  });
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty, dirtyFields },
  } = useForm<FormValues, unknown, GeneralSettingsInput>({
    resolver: zodResolver(generalSettingsSchema) as unknown as Resolver<
      FormValues,
      unknown,
      GeneralSettingsInput
    >,
    defaultValues: valuesOf(settings),
  });
  const field = fieldsOf(register, errors);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await apiFetch<GeneralSettings>("/api/settings", {
        method: "PATCH",
        body: {
          ...(dirtyFields.platformName
            ? { platformName: values.platformName, version: basedOn.version }
            : {}),
          ...(dirtyFields.decideByWorkingDays
            ? {
                decideByWorkingDays: values.decideByWorkingDays,
                decideByWorkingDaysVersion: basedOn.decideByWorkingDaysVersion,
              }
            : {}),
        },
      });
      setBasedOn(saved);
      setStale(null);
      reset(valuesOf(saved));
      toast.success("Settings saved", { description: `The platform is now called ${saved.platformName}.` });
      router.refresh();
    } catch (error) {
      setStale(staleWriteMessage(error));
      applyServerFieldErrors(error, setError, ["platformName", "decideByWorkingDays"]);
      toast.error("Could not save the settings", { description: errorMessage(error) });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-md gap-5" aria-label="General settings">
      <FormField
        id="settings-platform-name"
        label="Platform name"
        hint={`Shown in the header, the footer and page titles. At most ${PLATFORM_NAME_MAX} characters.`}
        {...field("platformName")}
      />
      <FormField
        id="settings-decide-by-days"
        label="Working days to decide"
        type="number"
        inputMode="numeric"
        min={DECIDE_BY_DAYS_MIN}
        max={DECIDE_BY_DAYS_MAX}
        step={1}
        hint="An application not decided this many working days (Monday to Friday) after it was submitted becomes inactive, and the student is told; the team can still decide it. Applies to applications submitted from now on."
        {...field("decideByWorkingDays")}
      />
      <StaleWriteNotice message={stale} />
      <div>
        <Button type="submit" disabled={isSubmitting || !isDirty}>
          {isSubmitting ? "Saving..." : "Save changes"}
        </Button>
      </div>
    </form>
  );
}
