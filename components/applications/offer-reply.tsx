"use client";

import { Loader2Icon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { toast } from "sonner";
import { ActionError, useActionForm } from "@/components/forms/action-state";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button, buttonVariants } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { replyToOfferAction } from "@/lib/applications/actions";
import type { OfferCondition } from "@/lib/applications/conditions";
import type { Offer } from "@/lib/applications/offer";
import type { AcceptedPlace } from "@/lib/applications/queries.server";
import { OfferConditions } from "./offer-conditions";
import { formatDate } from "@/lib/format";

type Answer = "accept" | "decline";

const FAILURE_TITLE = "Your reply was not sent";

/**
 * An offer waiting for the student's reply: its conditions and reply-by date, and Accept and
 * Decline. Both post to replyToOfferAction; without JavaScript the button sends the reply at once,
 * with it a dialog first says what the reply means. When the student already accepted a place for
 * the same start (`replaces`), the form says that accepting this one declines that place, and the
 * reply names it (the server refuses the acceptance otherwise).
 */
export function OfferReply({
  applicationId,
  programName,
  offer,
  conditions,
  replaces,
}: {
  applicationId: number;
  programName: string;
  offer: Offer;
  /** The offer's conditions as the team tracks them. */
  conditions: readonly OfferCondition[];
  replaces?: AcceptedPlace | null;
}) {
  const router = useRouter();
  const formRef = useRef<HTMLFormElement>(null);
  const [confirming, setConfirming] = useState<Answer | null>(null);
  const { state, dispatch, pending, submit } = useActionForm<{ reason: string }>({
    action: replyToOfferAction,
    defaults: { reason: "" },
    onFailure: ({ error }) => {
      setConfirming(null);
      toast.error(FAILURE_TITLE, { description: error });
      router.refresh();
    },
    onSuccess: ({ message }) => {
      setConfirming(null);
      toast.success("Reply sent", { description: message });
      router.refresh();
    },
  });
  const conditional = conditions.some((condition) => condition.status !== "met");
  const replaced = replaces ? `${replaces.programName} at ${replaces.universityName}` : null;
  const idPrefix = `offer-${applicationId}`;

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    setConfirming(
      submitter instanceof HTMLButtonElement && submitter.value === "decline" ? "decline" : "accept",
    );
  };
  const confirm = () => {
    if (!formRef.current || !confirming) return;
    const data = new FormData(formRef.current);
    data.set("answer", confirming);
    submit(data);
  };

  return (
    <form
      ref={formRef}
      action={dispatch}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${idPrefix}-title`}
      className="flex flex-col gap-3 rounded-md border border-green-200 bg-green-50 px-4 py-3 text-sm"
    >
      <input type="hidden" name="applicationId" value={applicationId} />
      <p id={`${idPrefix}-title`} className="font-semibold text-slate-900">
        {conditional ? "A conditional offer" : "An unconditional offer"}: reply by {formatDate(offer.replyBy)}
      </p>
      {conditional ? (
        <div className="flex flex-col gap-1">
          <p className="text-slate-700">The place is confirmed once these conditions are met:</p>
          <OfferConditions conditions={conditions} reader="student" />
        </div>
      ) : (
        <p className="text-slate-700">Accepting confirms your place.</p>
      )}
      {offer.startTerm && <p className="text-slate-700">Start: {offer.startTerm}</p>}
      {replaces && (
        <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-950" role="note">
          You have accepted a place for the same start: {replaced} ({replaces.startTerm}). Accepting this
          offer declines that place.
          <input type="hidden" name="replaces" value={replaces.applicationId} />
        </p>
      )}
      <ActionError title={FAILURE_TITLE} state={state} />
      <div className="grid gap-1.5">
        <Label htmlFor={`${idPrefix}-reason`}>If you decline, why? (optional)</Label>
        <Textarea id={`${idPrefix}-reason`} name="reason" rows={2} className="bg-white" />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" name="answer" value="accept" size="sm" disabled={pending}>
          {replaces ? "Accept this offer instead" : "Accept the offer"}
        </Button>
        <Button type="submit" name="answer" value="decline" size="sm" variant="outline" disabled={pending}>
          Decline the offer
        </Button>
      </div>
      <AlertDialog
        open={confirming !== null}
        onOpenChange={(open) => !pending && !open && setConfirming(null)}
      >
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>
              {confirming === "decline" ? "Decline the offer?" : "Accept the offer?"}
            </AlertDialogTitle>
            <AlertDialogDescription>
              {confirming === "decline"
                ? `You give up the place offered for ${programName}. This cannot be undone.`
                : `${
                    conditional
                      ? `You accept the place offered for ${programName}; it is confirmed once its conditions are met.`
                      : `You accept the place offered for ${programName}, and it is confirmed.`
                  }${replaced ? ` Your place at ${replaced} is declined.` : ""}`}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
            <button
              type="button"
              className={buttonVariants({ variant: confirming === "decline" ? "destructive" : "default" })}
              onClick={confirm}
              disabled={pending}
            >
              {pending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
              {confirming === "decline" ? "Decline" : "Accept"}
            </button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </form>
  );
}
