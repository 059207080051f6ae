"use client";

import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { ActionForm, useActionForm } from "@/components/forms/action-state";
import { FormField } from "@/components/forms/form-field";
import { Button } from "@/components/ui/button";
import { updateProfileAction } from "@/lib/users/actions";
import { profileSchema, type ProfileInput } from "@/lib/validation/auth";

type ProfileFormProps = {
  defaultValues: { fullName: string; email: string };
  /** Accounts without a password cannot change their e-mail (they are told how to set one). */
  hasPassword: boolean;
};

const FAILURE_TITLE = "Could not update your profile";

/**
 * Full name and e-mail. A new e-mail needs the current password; the server then keeps it
 * pending (the profile page says so) and sends a link to it, which makes it the account's
 * address, tells the old address, and signs out the other devices. An e-mail in use by another
 * account is a 409 on its field.
 */
export function ProfileForm({ defaultValues, hasPassword }: ProfileFormProps) {
  const router = useRouter();
  const { formProps, field, pending, form } = useActionForm<ProfileInput>({
    action: updateProfileAction,
    schema: profileSchema,
    defaults: { ...defaultValues, currentPassword: "" },
    onFailure: ({ error }) => toast.error(FAILURE_TITLE, { description: error }),
    onSuccess: (saved) => {
      // The saved (normalised) values become the form's new starting point; a new address stays
      // pending, so the account's address comes back.
      form.reset({ ...defaultValues, ...saved.values, currentPassword: "" });
      toast.success("Profile updated", { description: saved.message });
      // The header shows the name from the server, the page the e-mail's verification and the
      // pending address.
      router.refresh();
    },
  });
  const {
    register,
    formState: { errors },
  } = form;

  return (
    <ActionForm
      {...formProps}
      failureTitle={FAILURE_TITLE}
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
        <Button type="submit" disabled={pending}>
          {pending ? "Saving..." : "Save changes"}
        </Button>
      </div>
    </ActionForm>
  );
}
