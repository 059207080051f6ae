"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { CheckCircle2Icon } from "lucide-react";
import Link from "next/link";
import { useActionState, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { ActionForm, useActionFieldErrors } from "@/components/forms/action-state";
import { FormField, fieldsOf } from "@/components/forms/form-field";
import { applyServerFieldErrors } from "@/components/forms/server-errors";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { INITIAL_FORM_STATE } from "@/lib/http/form-state";
import { sendContactMessageAction } from "@/lib/contact/actions";
import { apiFetch, errorMessage } from "@/lib/http/client";
import { contactMessageSchema, type ContactMessageInput } from "@/lib/validation/contact";

const FIELDS = ["name", "email", "subject", "message"] as const;
const EMPTY: ContactMessageInput = { name: "", email: "", subject: "", message: "" };
const FAILURE_TITLE = "Your message was not sent";

/**
 * The contact form. Before hydration (or without JavaScript) it posts to sendContactMessageAction;
 * once interactive it calls POST /api/contact. Either way a stored message is confirmed in place
 * of the form.
 */
export function ContactForm() {
  const [state, formAction] = useActionState(sendContactMessageAction, INITIAL_FORM_STATE);
  const [sent, setSent] = useState<string | null>(null);
  const values = state.values ?? EMPTY;
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactMessageInput>({
    resolver: zodResolver(contactMessageSchema),
    defaultValues: values,
    errors: useActionFieldErrors<ContactMessageInput>(state),
  });
  const field = fieldsOf(register, errors, values);

  const onSubmit = handleSubmit(async (body) => {
    try {
      const answer = await apiFetch<{ message: string }>("/api/contact", { method: "POST", body });
      reset(EMPTY);
      setSent(answer.message);
    } catch (error) {
      applyServerFieldErrors(error, setError, FIELDS);
      toast.error(FAILURE_TITLE, { description: errorMessage(error) });
    }
  });

  const confirmation = sent ?? (state.error ? null : state.message);
  if (confirmation) {
    return (
      <div className="grid gap-4">
        <Alert variant="success" role="status">
          <CheckCircle2Icon aria-hidden="true" />
          <AlertTitle>Message sent</AlertTitle>
          <AlertDescription>
            <p>{confirmation}</p>
          </AlertDescription>
        </Alert>
        <div>
          {sent ? (
            <Button type="button" variant="outline" onClick={() => setSent(null)}>
              Send another message
            </Button>
          ) : (
            <Button asChild variant="outline">
              <Link href="/contact">Send another message</Link>
            </Button>
          )}
        </div>
      </div>
    );
  }

  const messageError = errors.message?.message;
  return (
    <ActionForm
      action={formAction}
      onSubmit={onSubmit}
      state={state}
      failureTitle={FAILURE_TITLE}
      aria-label="Contact form"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="contact-name" label="Your name" autoComplete="name" {...field("name")} />
        <FormField id="contact-email" label="Email" type="email" autoComplete="email" {...field("email")} />
      </div>
      <FormField id="contact-subject" label="Subject" {...field("subject")} />
      <div className="grid gap-2">
        <Label htmlFor="contact-message">Message</Label>
        <Textarea
          id="contact-message"
          rows={7}
          defaultValue={values.message}
          aria-invalid={messageError ? true : undefined}
          aria-describedby={messageError ? "contact-message-error" : undefined}
          {...register("message")}
        />
        {messageError && (
          <p id="contact-message-error" className="text-sm font-medium text-red-700">
            {messageError}
          </p>
        )}
      </div>
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Sending..." : "Send message"}
        </Button>
      </div>
    </ActionForm>
  );
}
