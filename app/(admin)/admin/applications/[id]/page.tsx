import { ArrowLeftIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { DecideBy } from "@/components/admin/decide-by";
import { OwnApplicationBadge, OwnApplicationNote } from "@/components/admin/own-application";
import { StatusUpdateDialog } from "@/components/admin/status-update-dialog";
import { StatusBadge } from "@/components/applications/status-badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { getApplicationDetail } from "@/lib/applications/queries.server";
import { canReviewApplication } from "@/lib/auth/policy";
import { adminOrSignIn } from "@/lib/auth/session.server";
import { formatDate } from "@/lib/format";
import { ArchivedBadge } from "@/components/admin/archive";

type Props = { params: Promise<{ id: string }> };

/** The route's id as a positive integer, or null (the page then answers 404). */
function parseId(value: string): number | null {
  if (!/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const id = parseId((await params).id);
  return { title: id ? `Application #${id}` : "Application" };
}

const timestamp = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
  timeZoneName: "short",
});

const linkClass =
  "rounded-sm font-medium text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none";

export default async function AdminApplicationPage({ params }: Props) {
  const viewer = await adminOrSignIn();
  const id = parseId((await params).id);
  const application = id ? await getApplicationDetail(id) : null;
  if (!application) notFound();
  const { student, program, university, academicHistory } = application;
  const reviewable = canReviewApplication(viewer, application);

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <Link href="/admin/applications" className={`${linkClass} flex w-fit items-center gap-1 text-sm`}>
        <ArrowLeftIcon className="size-4" aria-hidden="true" />
        Back to applications
      </Link>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {student.fullName}&apos;s application
          </h1>
          <p className="text-slate-600">
            {program.name} ({program.degree}) at{" "}
            <Link href={`/university/${university.slug}`} className={linkClass}>
              {university.name}
            </Link>
            {program.archived && (
              <>
                {" "}
                <ArchivedBadge />
              </>
            )}
          </p>
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <StatusBadge status={application.status} />
            {!reviewable && <OwnApplicationBadge />}
            <span>
              Submitted <time dateTime={application.submittedAt}>{formatDate(application.submittedAt)}</time>
            </span>
            <DecideBy status={application.status} decideBy={application.decideBy} now={new Date()} />
          </p>
        </div>
        {reviewable ? (
          <StatusUpdateDialog
            size="default"
            application={{
              id: application.id,
              status: application.status,
              studentName: student.fullName,
              programName: program.name,
            }}
          />
        ) : (
          <OwnApplicationNote />
        )}
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle asChild>
              <h2 className="text-lg">Personal statement</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <p className="text-sm leading-relaxed whitespace-pre-wrap text-slate-800">
              {application.personalStatement}
            </p>
          </CardContent>
        </Card>

        <div className="flex flex-col gap-6">
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2 className="text-lg">Applicant</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-3 text-sm">
                <Field term="Full name">{student.fullName}</Field>
                <Field term="Email">
                  <a href={`mailto:${student.email}`} className={`${linkClass} break-all`}>
                    {student.email}
                  </a>
                </Field>
                <Field term="Program deadline">
                  <time dateTime={program.deadline}>{formatDate(program.deadline)}</time>
                </Field>
              </dl>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2 className="text-lg">Academic history</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-3 text-sm">
                <Field term="Institution">{academicHistory.institution}</Field>
                <Field term="Degree">{academicHistory.degree}</Field>
                <Field term="GPA">{academicHistory.gpa}</Field>
                <Field term="Graduation year">{academicHistory.graduationYear}</Field>
              </dl>
            </CardContent>
          </Card>
        </div>
      </div>

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2 className="text-lg">Status history</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          {application.history.length === 0 ? (
            <p className="text-sm text-slate-600">No status changes recorded yet.</p>
          ) : (
            <ol className="flex flex-col gap-4" aria-label="Status history, oldest first">
              {application.history.map((event, index) => (
                <li
                  key={`${event.at}-${index}`}
                  className="flex flex-col gap-1.5 border-l-2 border-slate-200 pl-4"
                  data-testid="history-entry"
                >
                  <p className="flex flex-wrap items-center gap-2 text-sm">
                    {event.from ? (
                      <>
                        <StatusBadge status={event.from} />
                        <span aria-hidden="true">→</span>
                        <span className="sr-only">to</span>
                      </>
                    ) : (
                      <span className="text-slate-700">Submitted as</span>
                    )}
                    <StatusBadge status={event.to} />
                  </p>
                  <p className="text-xs text-slate-600">
                    <time dateTime={event.at}>{timestamp.format(new Date(event.at))}</time>
                    {" · by "}
                    {event.by ?? "a removed account"}
                  </p>
                  {event.note && (
                    <blockquote className="rounded-md bg-slate-50 px-3 py-2 text-sm whitespace-pre-wrap text-slate-800">
                      {event.note}
                    </blockquote>
                  )}
                </li>
              ))}
            </ol>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function Field({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{term}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}
