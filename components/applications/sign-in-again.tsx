"use client";

import { LoginForm } from "@/components/auth/login-form";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";

export const SIGNED_OUT_TITLE = "You are signed out";
export const SIGNED_OUT_TEXT =
  "Your session ended, perhaps in another tab. What you typed is still here: sign in again to save your draft and submit it.";

/**
 * What a form says when its session has ended: the message (focusable, for the focus after a
 * refused Submit) and its "Sign in again" button.
 */
export const SignedOutNotice = ({
  ref,
  onSignIn,
}: {
  ref: React.Ref<HTMLDivElement>;
  onSignIn: () => void;
}) => (
  <Alert
    variant="destructive"
    role="alert"
    ref={ref}
    tabIndex={-1}
    className="outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
    data-testid="signed-out-notice"
  >
    <AlertTitle>{SIGNED_OUT_TITLE}</AlertTitle>
    <AlertDescription>
      <p>{SIGNED_OUT_TEXT}</p>
      <Button type="button" variant="outline" size="sm" className="mt-2" onClick={onSignIn}>
        Sign in again
      </Button>
    </AlertDescription>
  </Alert>
);

/**
 * The sign-in form in a dialog over the page, so that a student whose session ended signs in
 * again without leaving what they were filling in. Rendered outside that page's <form>: React
 * events bubble through portals, and the login's submit must not reach the other form.
 */
export function SignInDialog({
  open,
  onOpenChange,
  returnTo,
  onSignedIn,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where the sign-in form goes when it is sent without JavaScript. */
  returnTo: string;
  /** Told the id of the account now signed in. */
  onSignedIn: (userId: number) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Sign in again</DialogTitle>
          <DialogDescription>
            The page stays as you left it; your draft is saved once you are signed in.
          </DialogDescription>
        </DialogHeader>
        <LoginForm callbackUrl={returnTo} onSignedIn={onSignedIn} />
      </DialogContent>
    </Dialog>
  );
}
