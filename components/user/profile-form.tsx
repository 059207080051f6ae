"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useActionState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { useAuth } from "@/components/auth/auth-provider";
import { ActionForm, useActionFieldErrors } from "@/components/forms/action-state";
import { FormField, fieldsOf } from "@/components/forms/form-field";
import { applyServerFieldErrors } from "@/components/forms/server-errors";
import { Button } from "@/components/ui/button";
import { INITIAL_FORM_STATE } from "@/lib/http/form-state";
import { apiFetch, errorMessage } from "@/lib/http/client";
import type { UserDto } from "@/lib/users/dto";
import { updateProfileAction } from "@/lib/users/profile-actions";
import { EMAIL_CHANGED, PROFILE_UPDATED } from "@/lib/users/profile-messages";
import { profileSchema, type ProfileInput } from "@/lib/validation/auth";

type ProfileFormProps = {
  defaultValues: { fullName: string; email: string };
  /** Accounts without a password cannot change their e-mail (they are told how to set one). */
  hasPassword: boolean;
};

const FIELDS = ["fullName", "email", "currentPassword"] as const;

/**
 * Full name and e-mail. A new e-mail needs the current password; the server then keeps it
 * pending (the profile page says so) and sends a link to it, which makes it the account's
 * address, tells the old address, and signs out the other devices. Before
 * hydration (or without JavaScript) the form posts to updateProfileAction; once interactive it
 * calls PATCH /api/user. An e-mail in use by another account is a 409 on its field.
 */
export function ProfileForm({ defaultValues, hasPassword }: ProfileFormProps) {
  const { refresh } = useAuth();
  const router = useRouter();
  const [state, formAction] = useActionState(updateProfileAction, INITIAL_FORM_STATE);
  const values = state.values ?? defaultValues;
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ProfileInput>({
    resolver: zodResolver(profileSchema),
    defaultValues: { ...values, currentPassword: "" },
    errors: useActionFieldErrors<ProfileInput>(state),
  });
  const field = fieldsOf(register, errors, values);

  const onSubmit = handleSubmit(async ({ currentPassword, ...rest }) => {
    try {
      const body = currentPassword ? { ...rest, currentPassword } : rest;
      const user = await apiFetch<UserDto>("/api/user", { method: "PATCH", body });
      // A new address stays pending until its link is opened: the account keeps its address.
      const emailChanged = user.email.toLowerCase() !== rest.email.toLowerCase();
      // The saved (normalised) values become the form's new starting point.
      reset({ fullName: user.fullName, email: user.email, currentPassword: "" });
      toast.success("Profile updated", { description: emailChanged ? EMAIL_CHANGED : PROFILE_UPDATED });
      // The header shows the name from the server, the page the e-mail's verification and the
      // pending address; the auth context keeps its own copy.
      router.refresh();
      await refresh().catch(() => undefined);
    } catch (error) {
      applyServerFieldErrors(error, setError, FIELDS);
      toast.error("Could not update your profile", { description: errorMessage(error) });
    }
  });

  return (
    <ActionForm
      action={formAction}
      onSubmit={onSubmit}
      state={state}
      failureTitle="Could not update your profile"
      successTitle="Profile updated"
      aria-label="Personal information"
    >
      <FormField id="profile-full-name" label="Full name" autoComplete="name" {...field("fullName")} />
      <FormField id="profile-email" label="Email" type="email" autoComplete="email" {...field("email")} />
      <FormField
        id="profile-current-password"
        label="Your password"
        type="password"
        autoComplete="current-password"
        hint={
          hasPassword
            ? "Needed only to change your email."
            : "Your account has no password yet: set one with Forgot password before changing your email."
        }
        error={errors.currentPassword?.message}
        {...register("currentPassword")}
      />
      <div>
        {/* Never disabled by "nothing changed": the server's HTML must be sendable without JavaScript. */}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Saving..." : "Save changes"}
        </Button>
      </div>
    </ActionForm>
  );
}
