"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { FormField, fieldsOf } from "@/components/forms/form-field";
import { applyServerFieldErrors } from "@/components/forms/server-errors";
import { Button } from "@/components/ui/button";
import { apiFetch, errorMessage } from "@/lib/http/client";
import { generalSettingsSchema, PLATFORM_NAME_MAX } from "@/lib/validation/settings";

/** The General tab: the platform name shown in the header, footer and page titles (PATCH /api/settings). */
export function GeneralSettingsForm({ platformName }: { platformName: string }) {
  const router = useRouter();
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
      const saved = await apiFetch<{ platformName: string }>("/api/settings", {
        method: "PATCH",
        body: values,
      });
      reset(saved);
      toast.success("Settings saved", { description: `The platform is now called ${saved.platformName}.` });
      router.refresh();
    } catch (error) {
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
      <div>
        <Button type="submit" disabled={isSubmitting || !isDirty}>
          {isSubmitting ? "Saving..." : "Save changes"}
        </Button>
      </div>
    </form>
  );
}
