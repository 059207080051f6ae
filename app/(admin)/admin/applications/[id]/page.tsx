import { ArrowLeftIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { DecideBy } from "@/components/admin/decide-by";
import { OwnApplicationBadge, OwnApplicationNote } from "@/components/admin/own-application";
import { TransitionForm, type InterviewFields } from "@/components/admin/transition-form";
import { StatusBadge } from "@/components/applications/status-badge";
import { Timeline } from "@/components/applications/timeline";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { latestInterview, type HistoryEntry } from "@/lib/applications/history";
import { wallClock } from "@/lib/applications/interview";
import { defaultReplyBy } from "@/lib/applications/offer";
import { tracksConditions } from "@/lib/applications/conditions";
import { OfferConditions } from "@/components/applications/offer-conditions";
import { ConditionMarker } from "@/components/admin/condition-marker";
import { PrivateNotes } from "@/components/admin/private-notes";
import { AssignForm } from "@/components/admin/workspace/assign-form";
import { listAssignableStaff } from "@/lib/applications/assignment.server";
import { listPrivateNotes } from "@/lib/applications/notes.server";
import { getApplicationDetail } from "@/lib/applications/queries.server";
import { ApplicationDocuments } from "@/components/applications/application-documents.server";
import { DocumentRequests, RequestsBadge } from "@/components/applications/document-requests";
import { CloseRequestButton, RequestForm } from "@/components/admin/request-controls";
import { acceptsRequests, noRequestsMessage } from "@/lib/applications/requests";
import { listDocumentTypes } from "@/lib/settings/document-types.server";
import { STATUS_LABELS, type ApplicationStatus } from "@/lib/applications/status";
import { workflowActorOf } from "@/lib/applications/transition.server";
import {
  CONDITION_MARKING_PERMISSION,
  guardHolds,
  holdsPermissionFor,
  isOpen,
  transitionsFrom,
  type Transition,
} from "@/lib/applications/workflow";
import { canReviewApplication, hasPermission } from "@/lib/auth/policy";
import { permissionRefusal } from "@/lib/auth/staff-permissions";
import { adminOrSignIn } from "@/lib/auth/session.server";
import { timeZoneNames } from "@/lib/dates/zones";
import { formatDate } from "@/lib/format";
import { ArchivedBadge } from "@/components/admin/archive";
import { StaffReferences } from "@/components/references/staff-references.server";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<{ move?: string | string[] }> };

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

const linkClass =
  "rounded-sm font-medium text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none";

/** The rescheduled interview's fields: the last one scheduled, on its own clocks. */
function interviewFields(history: readonly HistoryEntry[]): InterviewFields | null {
  const interview = latestInterview(history);
  if (!interview) return null;
  return { ...wallClock(interview.startsAt, interview.timeZone), ...interview, notes: interview.notes ?? "" };
}

export default async function AdminApplicationPage({ params, searchParams }: Props) {
  const viewer = await adminOrSignIn();
  const id = parseId((await params).id);
  const staffView = id ? await getApplicationDetail(id, "staff") : null;
  if (!staffView) notFound();
  const reviewable = canReviewApplication(viewer, staffView);
  // On an application the viewer submitted, they read it as its student (not who handles it).
  const application = reviewable ? staffView : (await getApplicationDetail(staffView.id, "student"))!;
  const { student, program, university, academicHistory } = application;
  const page = `/admin/applications/${application.id}`;
  // The moves the table allows this admin from here, those the offer's conditions allow among them,
  // and of those the ones this admin may make (a decision needs the permission to make decisions).
  const { conditions } = application;
  const allowed = reviewable
    ? transitionsFrom(application.status, workflowActorOf(viewer)).filter((t) => guardHolds(t, conditions))
    : [];
  const moves = allowed.filter((t) => holdsPermissionFor(t, viewer));
  const withheld = allowed.filter((t) => !holdsPermissionFor(t, viewer));
  const marksConditions = hasPermission(viewer, CONDITION_MARKING_PERMISSION);
  const { move } = await searchParams;
  const chosen = moves.find((t) => t.name === move) ?? null;
  // The team's notes; not on an application the viewer submitted (they are its student there).
  const notes = reviewable ? await listPrivateNotes(viewer, application.id) : null;
  const staff = reviewable ? await listAssignableStaff() : [];
  // What the team may ask for: the platform's document types (Settings).
  const askable = reviewable && acceptsRequests(application.status);
  const documentTypes = askable ? (await listDocumentTypes()).map((type) => type.name) : [];

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
            <RequestsBadge requests={application.requests} reader="staff" />
            {!reviewable && <OwnApplicationBadge />}
            <span>
              Submitted <time dateTime={application.submittedAt}>{formatDate(application.submittedAt)}</time>
            </span>
            <DecideBy
              status={application.status}
              decideBy={application.decideBy}
              timeZone={program.timeZone}
              now={new Date()}
            />
          </p>
        </div>
        {!reviewable && <OwnApplicationNote />}
      </div>

      {reviewable && (
        <Card data-focus-item="assignee">
          <CardHeader>
            <CardTitle asChild>
              <h2 className="text-lg">Who handles it</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <AssignForm
              applicationId={application.id}
              assignee={application.assignee ?? null}
              staff={staff}
              viewerId={viewer.id}
            />
          </CardContent>
        </Card>
      )}

      {reviewable && (
        <Card id="next-step" data-focus-item="moves">
          <CardHeader>
            <CardTitle asChild>
              <h2 className="text-lg">Next step</h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            {moves.length === 0 && withheld.length === 0 ? (
              <p className="text-sm text-slate-700">{whyNoMoves(application.status)}</p>
            ) : moves.length === 0 ? null : (
              <ul className="flex flex-wrap gap-2" aria-label="Moves allowed from here">
                {moves.map((t) => (
                  <li key={t.name}>
                    <MoveLink page={page} transition={t} current={t === chosen} />
                  </li>
                ))}
              </ul>
            )}
            {withheld.length > 0 && (
              <p className="text-sm text-slate-700">{whyWithheld(withheld, moves.length > 0)}</p>
            )}
            {chosen && (
              <TransitionForm
                key={chosen.name}
                applicationId={application.id}
                from={application.status}
                transition={chosen.name}
                conditions={conditions}
                replyBy={defaultReplyBy(new Date(), program.timeZone)}
                interview={
                  chosen.requires.includes("interview") ? interviewFields(application.history) : null
                }
                timeZones={chosen.requires.includes("interview") ? timeZoneNames() : []}
                pageHref={page}
              />
            )}
          </CardContent>
        </Card>
      )}

      {conditions.length > 0 && (
        <Card data-focus-item="conditions">
          <CardHeader>
            <CardTitle asChild>
              <h2 id="conditions-heading" className="text-lg">
                Conditions of the offer
              </h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <OfferConditions
              conditions={conditions}
              reader="staff"
              titleId="conditions-heading"
              controls={
                reviewable && marksConditions && tracksConditions(application.status)
                  ? (condition) => <ConditionMarker applicationId={application.id} condition={condition} />
                  : undefined
              }
            />
          </CardContent>
        </Card>
      )}

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

      <Card data-focus-item="requests">
        <CardHeader>
          <CardTitle asChild>
            <h2 id="requests-heading" className="text-lg">
              Requests to the student
            </h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {application.documentRequests.length === 0 ? (
            <p className="text-sm text-slate-600">
              Nothing has been asked of the student since they applied.
            </p>
          ) : (
            <DocumentRequests
              requests={application.documentRequests}
              reader="staff"
              titleId="requests-heading"
              controls={
                reviewable
                  ? (request) =>
                      request.status !== "closed" && (
                        <CloseRequestButton applicationId={application.id} request={request} />
                      )
                  : undefined
              }
            />
          )}
          {reviewable &&
            (askable ? (
              <RequestForm applicationId={application.id} documentTypes={documentTypes} />
            ) : (
              <p className="text-sm text-slate-700">{noRequestsMessage(application.status)}</p>
            ))}
        </CardContent>
      </Card>

      <ApplicationDocuments applicationId={application.id} />
      <StaffReferences viewer={viewer} applicationId={application.id} />

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
            <Timeline history={application.history} reader="staff" />
          )}
        </CardContent>
      </Card>

      {notes && (
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2 className="text-lg">Private notes</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <PrivateNotes applicationId={application.id} notes={notes} />
          </CardContent>
        </Card>
      )}
    </div>
  );
}

/** Why the page offers no move from this status. */
function whyNoMoves(status: ApplicationStatus): string {
  return isOpen(status)
    ? `${STATUS_LABELS[status]}: the next step is the student's.`
    : `${STATUS_LABELS[status]} is a final status; this application cannot move any further.`;
}

/** Why the decisions the table allows from here are not offered to this admin, and whom to ask. */
function whyWithheld(withheld: readonly Transition[], othersOffered: boolean): string {
  const one = withheld.length === 1;
  const what = othersOffered
    ? one
      ? "Another step is a decision"
      : "Other steps are decisions"
    : one
      ? "The next step is a decision"
      : "The next steps are decisions";
  return `${what} (${withheld.map((t) => t.label).join(", ")}). ${permissionRefusal("make-decisions")}`;
}

/** A move's button: it opens the move's form under the buttons (a link, so it works without a script). */
function MoveLink({ page, transition, current }: { page: string; transition: Transition; current: boolean }) {
  return (
    <Button asChild variant={current ? "default" : "outline"} size="sm">
      <Link
        href={`${page}?move=${transition.name}`}
        scroll={false}
        aria-current={current ? "true" : undefined}
        data-focus-control={transition.name}
      >
        {transition.label}
      </Link>
    </Button>
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
