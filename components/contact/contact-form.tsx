"use client";

import { CheckCircle2Icon } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { toast } from "sonner";
import { ActionForm, useActionForm } from "@/components/forms/action-state";
import { FormField } from "@/components/forms/form-field";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { sendContactMessageAction } from "@/lib/contact/actions";
import { contactMessageSchema, type ContactMessageInput } from "@/lib/validation/contact";

const EMPTY: ContactMessageInput = { name: "", email: "", subject: "", message: "" };
const FAILURE_TITLE = "Your message was not sent";

/** The contact form; a stored message is confirmed in place of the form. */
export function ContactForm() {
  // "Send another message" starts a new form (and a new action state).
  const [round, setRound] = useState(0);
  return <ContactFormRound key={round} onAnother={() => setRound((n) => n + 1)} />;
}

function ContactFormRound({ onAnother }: { onAnother: () => void }) {
  const { formProps, field, pending, form, state, values } = useActionForm<ContactMessageInput>({
    action: sendContactMessageAction,
    schema: contactMessageSchema,
    defaults: EMPTY,
    onFailure: ({ error }) => toast.error(FAILURE_TITLE, { description: error }),
  });
  const {
    register,
    formState: { errors },
  } = form;

  const confirmation = state.error ? null : state.message;
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
          {/* A link without JavaScript (a new page), a new form with it. */}
          <Button asChild variant="outline">
            <Link
              href="/contact"
              onClick={(event) => {
                event.preventDefault();
                onAnother();
              }}
            >
              Send another message
            </Link>
          </Button>
        </div>
      </div>
    );
  }

  const messageError = errors.message?.message;
  return (
    <ActionForm {...formProps} failureTitle={FAILURE_TITLE} aria-label="Contact form">
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
        <Button type="submit" disabled={pending}>
          {pending ? "Sending..." : "Send message"}
        </Button>
      </div>
    </ActionForm>
  );
}
