"use client";

import { ConfirmButton } from "@/components/forms/confirm-button";
import { Button } from "@/components/ui/button";
import { apiFetch } from "@/lib/http/client";

type WithdrawButtonProps = { applicationId: number; programName: string };

/** Withdraws an open application (DELETE /api/applications/{id}) after a confirmation. */
export function WithdrawButton({ applicationId, programName }: WithdrawButtonProps) {
  return (
    <ConfirmButton
      request={() => apiFetch(`/api/applications/${applicationId}`, { method: "DELETE" })}
      success={{
        title: "Application withdrawn",
        description: `Your application to ${programName} has been withdrawn.`,
      }}
      failureTitle="Could not withdraw the application"
      refreshOnFailure
      title="Withdraw this application?"
      description={`The admissions team and the university stop working on your application to ${programName}; an offer it holds is given up. It stays in your list as withdrawn, and you can apply again before the deadline.`}
      confirmLabel="Withdraw"
      pendingLabel="Withdrawing..."
      trigger={
        <Button variant="outline" size="sm" data-focus-control="withdraw" data-focus-after="history">
          Withdraw<span className="sr-only"> the application to {programName}</span>
        </Button>
      }
    />
  );
}
