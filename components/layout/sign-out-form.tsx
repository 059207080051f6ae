"use client";

import { unstable_rethrow } from "next/navigation";
import { useActionState, useTransition } from "react";
import { signOutAction } from "@/lib/auth/actions";
import { announceSignedOut } from "@/lib/auth/signed-in-hint";
import { errorMessage } from "@/lib/http/client";
import { INITIAL_FORM_STATE } from "@/lib/http/form-state";

/**
 * Wraps a Sign Out button: submitting ends the session (server action) and goes home. Without
 * JavaScript the form posts the action itself; once hydrated it calls the action here, so that a
 * failure (network down, server error) shows the 'Logout failed' toast.
 */
export function SignOutForm({
  children,
  className,
  onSignedOut,
}: {
  children: React.ReactNode;
  className?: string;
  /** Told once the session has ended (the header's account island forgets the account). */
  onSignedOut?: () => void;
}) {
  const [pending, startTransition] = useTransition();
  const [, formAction] = useActionState(signOutAction, INITIAL_FORM_STATE);
  return (
    <form
      action={formAction}
      className={className}
      aria-busy={pending || undefined}
      onSubmit={(event) => {
        event.preventDefault();
        if (pending) return;
        startTransition(async () => {
          let failure: string | undefined;
          try {
            failure = (await signOutAction(INITIAL_FORM_STATE, new FormData())).error;
          } catch (error) {
            // The action's redirect home is Next's to follow, not a failure: it means signed out.
            if (isRedirect(error)) {
              onSignedOut?.();
              announceSignedOut();
            }
            unstable_rethrow(error);
            failure = errorMessage(error);
          }
          if (failure === undefined) return;
          // sonner is fetched only when a sign-out fails: the public header loads without it.
          const { toast } = await import("sonner");
          toast.error("Logout failed", { description: failure });
        });
      }}
    >
      {children}
    </form>
  );
}

/** Next's redirect() throws an error whose digest starts with NEXT_REDIRECT. */
function isRedirect(error: unknown): boolean {
  const digest = (error as { digest?: unknown } | null)?.digest;
  return typeof digest === "string" && digest.startsWith("NEXT_REDIRECT");
}
