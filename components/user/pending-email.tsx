import { MailIcon } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { ActionButton } from "@/components/user/action-button";
import { cancelEmailChangeAction, resendVerificationAction } from "@/lib/users/actions";

type PendingEmailProps = {
  /** The account's address, which it keeps until the new one is confirmed. */
  email: string;
  /** The new address asked for, waiting for its link to be opened. */
  pendingEmail: string;
};

/**
 * The profile's notice of a new e-mail address waiting for confirmation: the account's address
 * changes only when the link sent to the new one is opened. "Resend link" sends that link again;
 * "Cancel change" forgets the new address. Both are forms, so they work without JavaScript.
 */
export function PendingEmail({ email, pendingEmail }: PendingEmailProps) {
  return (
    <Alert variant="info" data-testid="pending-email">
      <MailIcon aria-hidden="true" />
      <AlertTitle>Pending: {pendingEmail}, check your inbox</AlertTitle>
      <AlertDescription>
        <p>
          Open the link we sent to {pendingEmail} within 24 hours to make it your account&apos;s email
          address. Until then your account keeps {email}, and that is where we write.
        </p>
        <div className="mt-2 flex flex-wrap items-start gap-3">
          <ActionButton action={resendVerificationAction} label="Resend link" pendingLabel="Sending..." />
          <ActionButton action={cancelEmailChangeAction} label="Cancel change" pendingLabel="Cancelling..." />
        </div>
      </AlertDescription>
    </Alert>
  );
}
