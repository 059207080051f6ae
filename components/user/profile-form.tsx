"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { useAuth } from "@/components/auth/auth-provider";
import { FormField, fieldsOf } from "@/components/forms/form-field";
import { applyServerFieldErrors } from "@/components/forms/server-errors";
import { Button } from "@/components/ui/button";
import { apiFetch, errorMessage } from "@/lib/http/client";
import type { UserDto } from "@/lib/users/dto";
import { profileSchema } from "@/lib/validation/auth";

type ProfileFormProps = {
  defaultValues: { fullName: string; email: string };
};

/** Full name and e-mail (PATCH /api/user); an e-mail in use by another account is a 409 on its field. */
export function ProfileForm({ defaultValues }: ProfileFormProps) {
  const { refresh } = useAuth();
  const router = useRouter();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm({ resolver: zodResolver(profileSchema), defaultValues });
  const field = fieldsOf(register, errors);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const user = await apiFetch<UserDto>("/api/user", { method: "PATCH", body: values });
      // The saved (normalised) values become the form's new starting point.
      reset({ fullName: user.fullName, email: user.email });
      toast.success("Profile updated", { description: "Your changes have been saved." });
      // The header shows the name from the server; the auth context keeps its own copy.
      router.refresh();
      await refresh().catch(() => undefined);
    } catch (error) {
      applyServerFieldErrors(error, setError, ["fullName", "email"]);
      toast.error("Could not update your profile", { description: errorMessage(error) });
    }
  });

  return (
    // method="post": a submission before hydration must not put the details in the URL (issue 11 §6).
    <form method="post" onSubmit={onSubmit} noValidate className="grid gap-5">
      <FormField id="profile-full-name" label="Full name" autoComplete="name" {...field("fullName")} />
      <FormField id="profile-email" label="Email" type="email" autoComplete="email" {...field("email")} />
      <div>
        <Button type="submit" disabled={isSubmitting || !isDirty}>
          {isSubmitting ? "Saving..." : "Save changes"}
        </Button>
      </div>
    </form>
  );
}
