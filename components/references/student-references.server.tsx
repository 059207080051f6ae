import "server-only";
import type { Viewer } from "@/lib/auth/viewer";
import { formatDate } from "@/lib/format";
import { listReferences } from "@/lib/references/queries.server";
import { REFERENCE_STATUS_MEANINGS, replaceRefusal } from "@/lib/references/rules";
import { ReferenceDetails } from "./reference-item";
import { RefereeForm } from "./referee-form";
import { RemindButton } from "./remind-button";

const summaryClass =
  "w-fit cursor-pointer rounded-sm font-medium text-brand-700 hover:text-brand-900 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none";

/**
 * The references part of one application on My Applications, when its program asks for
 * references: how many referees are named of those asked for, each one's state and what to do
 * about it (remind once after 7 days, replace one who has not sent a reference), the words of
 * those the student did not waive, and the form to name the next referee. Every form works
 * without JavaScript.
 */
export async function StudentReferences({
  viewer,
  applicationId,
  now = new Date(),
}: {
  viewer: Viewer;
  applicationId: number;
  now?: Date;
}) {
  const { required, active, open, references } = await listReferences(viewer, applicationId);
  if (required === 0 && references.length === 0) return null;
  const shown = references.filter((reference) => reference.status !== "replaced");
  const titleId = `references-${applicationId}`;
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-2 text-sm" data-testid="references">
      <div className="flex flex-wrap items-baseline gap-x-2">
        <h3 id={titleId} className="font-semibold text-slate-900">
          References
        </h3>
        <p className="text-slate-600">
          {active} of {required} {required === 1 ? "referee" : "referees"} named
        </p>
      </div>
      {shown.length > 0 && (
        <ul className="flex flex-col divide-y divide-slate-200 rounded-md border border-slate-200 px-3">
          {shown.map((reference) => {
            const remindFrom = reference.reminderFrom ? new Date(reference.reminderFrom) : null;
            return (
              <li key={reference.id} className="flex flex-col gap-2 py-3" data-testid="reference">
                <ReferenceDetails reference={reference} reader="student" />
                {reference.status !== "received" && (
                  <p className="text-slate-700">{REFERENCE_STATUS_MEANINGS[reference.status]}</p>
                )}
                {open && remindFrom && remindFrom <= now && (
                  <RemindButton
                    applicationId={applicationId}
                    referenceId={reference.id}
                    refereeName={reference.refereeName}
                  />
                )}
                {open && remindFrom && remindFrom > now && (
                  <p className="text-slate-600">You can send one reminder from {formatDate(remindFrom)}.</p>
                )}
                {open && replaceRefusal(reference) === null && (
                  <details>
                    <summary className={summaryClass}>
                      Name another referee in place of {reference.refereeName}
                    </summary>
                    <RefereeForm
                      applicationId={applicationId}
                      replaces={{ id: reference.id, refereeName: reference.refereeName }}
                    />
                  </details>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {open && active < required && (
        <details open={active === 0}>
          <summary className={summaryClass}>Name a referee</summary>
          <p className="pt-2 text-slate-600">
            We e-mail them a link to send their reference; it works for 30 days. You see here when it arrives.
          </p>
          <RefereeForm applicationId={applicationId} />
        </details>
      )}
    </section>
  );
}
