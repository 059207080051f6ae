"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { FormField, fieldsOf } from "@/components/forms/form-field";
import { applyServerFieldErrors } from "@/components/forms/server-errors";
import { StaleWriteNotice } from "@/components/forms/stale-write-notice";
import { Button } from "@/components/ui/button";
import { apiFetch, errorMessage, staleWriteMessage } from "@/lib/http/client";
import { generalSettingsSchema, PLATFORM_NAME_MAX } from "@/lib/validation/settings";

/**
 * The General tab: the platform name shown in the header, footer and page titles (PATCH
 * /api/settings), sent with the version it was opened with; a save since refuses it (with Reload).
 */
export function GeneralSettingsForm({ platformName, version }: { platformName: string; version: number }) {
  const router = useRouter();
  // The version of the last save from this form, or the one the page was rendered with.
  const [basedOn, setBasedOn] = useState(version);
  const [stale, setStale] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm({ resolver: zodResolver(generalSettingsSchema), defaultValues: { platformName } });
  const field = fieldsOf(register, errors);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await apiFetch<{ platformName: string; version: number }>("/api/settings", {
        method: "PATCH",
        body: { platformName: values.platformName, version: basedOn },
      });
      setBasedOn(saved.version);
      setStale(null);
      reset({ platformName: saved.platformName });
      toast.success("Settings saved", { description: `The platform is now called ${saved.platformName}.` });
      router.refresh();
    } catch (error) {
      setStale(staleWriteMessage(error));
      applyServerFieldErrors(error, setError, ["platformName"]);
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
      <StaleWriteNotice message={stale} />
      <div>
        <Button type="submit" disabled={isSubmitting || !isDirty}>
          {isSubmitting ? "Saving..." : "Save changes"}
        </Button>
      </div>
    </form>
  );
}
