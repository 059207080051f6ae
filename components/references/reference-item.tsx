import { FileText } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { formatFileSize } from "@/lib/documents/limits";
import { formatDate } from "@/lib/format";
import type { ReferenceView } from "@/lib/references/queries.server";
import { REFERENCE_STATUS_LABELS } from "@/lib/references/rules";

const linkClass =
  "rounded-sm font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none";

/** A reference's state as a badge: received in the brand's colour, declined and bounced in red. */
export function ReferenceBadge({ status }: { status: ReferenceView["status"] }) {
  const variant =
    status === "received"
      ? "default"
      : status === "declined" || status === "bounced"
        ? "destructive"
        : status === "replaced"
          ? "outline"
          : "secondary";
  return <Badge variant={variant}>{REFERENCE_STATUS_LABELS[status]}</Badge>;
}

/**
 * One reference as the student or the team reads it: the referee, the state and its dates, a
 * decline's reason, and a received reference's words (its text, or its PDF to download) when the
 * reader may read them; otherwise what keeps them from it.
 */
export function ReferenceDetails({
  reference,
  reader,
}: {
  reference: ReferenceView;
  reader: "staff" | "student";
}) {
  return (
    <div className="flex flex-col gap-1.5 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-slate-900">{reference.refereeName}</span>
        <ReferenceBadge status={reference.status} />
        {reference.waived && (
          <span className="text-xs text-slate-600">
            {reader === "student" ? "You waived reading it" : "The student waived reading it"}
          </span>
        )}
      </p>
      <p className="text-slate-600">
        {reference.relationship} · <span className="break-all">{reference.refereeEmail}</span> · asked{" "}
        <time dateTime={reference.requestedAt}>{formatDate(reference.requestedAt)}</time>
        {reference.remindedAt && (
          <>
            , reminded <time dateTime={reference.remindedAt}>{formatDate(reference.remindedAt)}</time>
          </>
        )}
        {reference.answeredAt && (
          <>
            , answered <time dateTime={reference.answeredAt}>{formatDate(reference.answeredAt)}</time>
          </>
        )}
      </p>
      {reference.declineReason && (
        <p className="whitespace-pre-line text-slate-800">
          <span className="font-medium text-slate-900">Reason: </span>
          {reference.declineReason}
        </p>
      )}
      {reference.status === "received" &&
        (!reference.readable ? (
          <p className="text-slate-600">Only the admissions team reads it.</p>
        ) : reference.text ? (
          <details className="rounded-md bg-slate-50 px-3 py-2">
            <summary className={`${linkClass} w-fit cursor-pointer no-underline`}>
              Read the reference<span className="sr-only"> from {reference.refereeName}</span>
            </summary>
            <p className="mt-2 whitespace-pre-line text-slate-800">{reference.text}</p>
          </details>
        ) : reference.document ? (
          <p className="flex flex-wrap items-center gap-2 text-slate-700">
            <FileText aria-hidden="true" className="size-4 text-slate-500" />
            <span>
              {reference.document.name}, {formatFileSize(reference.document.size)}
            </span>
            {reference.document.status === "clean" ? (
              <a className={linkClass} href={`/api/documents/${reference.document.id}`} download>
                Download<span className="sr-only"> the reference from {reference.refereeName}</span>
              </a>
            ) : (
              <span className="text-slate-600">Being checked</span>
            )}
          </p>
        ) : null)}
    </div>
  );
}
