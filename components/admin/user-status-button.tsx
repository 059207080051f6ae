"use client";

import { Loader2Icon } from "lucide-react";
import { ConfirmButton, useAction } from "@/components/forms/confirm-button";
import { Button } from "@/components/ui/button";
import { keepFocusNear } from "@/lib/a11y/focus";
import { apiFetch } from "@/lib/http/client";

type UserStatusButtonProps = {
  user: { id: number; fullName: string; isActive: boolean; version: number };
};

/**
 * Activate or Deactivate (PATCH /api/users/{id} { isActive }). Deactivating asks first: the person
 * is signed out at their next request and cannot sign in again until reactivated.
 */
export function UserStatusButton({ user }: UserStatusButtonProps) {
  const setActive = (isActive: boolean) => () =>
    // The version shown: refused when the account changed since the list was rendered.
    apiFetch(`/api/users/${user.id}`, { method: "PATCH", body: { isActive, version: user.version } });
  const activate = useAction({
    request: setActive(true),
    success: { title: "User activated", description: `${user.fullName} can sign in again.` },
  });

  if (!user.isActive) {
    return (
      <Button
        type="button"
        variant="outline"
        size="sm"
        data-focus-control="user-status"
        disabled={activate.pending}
        onClick={(event) => {
          const button = event.currentTarget;
          void activate.run(() => keepFocusNear(button));
        }}
      >
        {activate.pending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
        Activate<span className="sr-only"> {user.fullName}</span>
      </Button>
    );
  }

  return (
    <ConfirmButton
      request={setActive(false)}
      success={{ title: "User deactivated", description: `${user.fullName} has been signed out.` }}
      title={`Deactivate ${user.fullName}?`}
      description="They are signed out at once and cannot sign in until an admin activates the account again. Their applications are kept."
      confirmLabel="Deactivate"
      trigger={
        <Button type="button" variant="outline" size="sm" data-focus-control="user-status">
          Deactivate<span className="sr-only"> {user.fullName}</span>
        </Button>
      }
    />
  );
}
