import { CalendarDays, Clock, GraduationCap, Wallet } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cachedPlatformName, cachedUniversityScholarships } from "@/lib/cache/reads.server";
import { ProgramScholarships } from "@/components/scholarships/program-scholarships";
import { cache } from "react";
import { ApplicationForm } from "@/components/applications/application-form";
import { DraftDocuments } from "@/components/applications/draft-documents";
import { StatusBadge } from "@/components/applications/status-badge";
import { DataFreshness } from "@/components/university/data-freshness";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Card, CardContent } from "@/components/ui/card";
import { getDraft } from "@/lib/applications/drafts.server";
import { findOwnApplication } from "@/lib/applications/queries.server";
import { listDraftDocumentSlots } from "@/lib/documents/commands.server";
import type { ApplicationStatus } from "@/lib/applications/status";
import { isOpen } from "@/lib/applications/workflow";
import { viewerOrSignIn } from "@/lib/auth/session.server";
import { DeadlineText } from "@/components/programs/deadline-text";
import { Amount } from "@/components/money/amount";
import { deadlinePassed, formatDate, formatDeadline, formatYears } from "@/lib/format";
import { getProgramAnyState } from "@/lib/programs/queries.server";
import { safeWebsite } from "@/lib/universities/seo.server";
import { idSchema } from "@/lib/validation/common";

type ApplyPageProps = { params: Promise<{ programId: string }> };

/**
 * The program of the URL, archived or not (an archived one says it takes no applications), or null
 * when the id is malformed or unknown (one read per request).
 */
const programOf = cache(async (raw: string) => {
  const id = idSchema.safeParse(raw);
  return id.success ? getProgramAnyState(id.data) : null;
});

export async function generateMetadata({ params }: ApplyPageProps): Promise<Metadata> {
  const { programId } = await params;
  const program = await programOf(programId);
  return {
    title: program ? `Apply: ${program.name} (${program.degree})` : "Apply",
    robots: { index: false },
  };
}

const linkClass =
  "rounded-sm font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none";

/** When the student's earlier application was sent, and where it stands. */
const SubmittedOn = ({ application }: { application: { submittedAt: Date; status: ApplicationStatus } }) => (
  <p className="flex flex-wrap items-center gap-2">
    Submitted on{" "}
    <time dateTime={application.submittedAt.toISOString()}>{formatDate(application.submittedAt)}</time>
    <StatusBadge status={application.status} />
  </p>
);

// /apply/{programId}: a signed-in student's application to one program. Signed-out
// visitors are sent to /auth and come back here (proxy.ts does it early; this check also
// catches ended sessions).
export default async function ApplyPage({ params }: ApplyPageProps) {
  const { programId } = await params;
  const viewer = await viewerOrSignIn(`/apply/${programId}`);
  const program = await programOf(programId);
  if (!program) notFound();

  const now = new Date();
  const [existing, draft, documentSlots, universityScholarships] = await Promise.all([
    findOwnApplication(viewer.id, program.id),
    getDraft(viewer.id, program.id),
    listDraftDocumentSlots(viewer.id, program.id),
    cachedUniversityScholarships(program.university.id, program.university.slug),
  ]);
  const scholarships = universityScholarships.filter(
    (scholarship) => scholarship.programId === program.id || scholarship.programId === null,
  );
  const closed = deadlinePassed(program, now);

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-10 sm:px-6 lg:px-8">
      <div className="flex flex-col gap-2">
        <p className="text-sm">
          <Link href={`/university/${program.university.slug}`} className={linkClass}>
            {program.university.name}
          </Link>
          <span className="text-slate-600"> · {program.university.country}</span>
        </p>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          Apply to {program.name}
        </h1>
      </div>

      <Card className="py-5">
        <CardContent>
          <h2 className="sr-only">Program details</h2>
          <dl className="grid gap-4 text-sm sm:grid-cols-2">
            <div>
              <dt className="flex items-center gap-2 text-slate-600">
                <GraduationCap aria-hidden="true" className="size-4 text-slate-500" />
                Degree
              </dt>
              <dd className="pl-6 font-medium text-slate-900">{program.degree}</dd>
            </div>
            <div>
              <dt className="flex items-center gap-2 text-slate-600">
                <Clock aria-hidden="true" className="size-4 text-slate-500" />
                Duration
              </dt>
              <dd className="pl-6 font-medium text-slate-900">{formatYears(program.duration)}</dd>
            </div>
            <div>
              <dt className="flex items-center gap-2 text-slate-600">
                <Wallet aria-hidden="true" className="size-4 text-slate-500" />
                Tuition
              </dt>
              <dd className="pl-6 font-medium text-slate-900">
                <Amount amount={program.tuition} currency={program.currency} suffix="per year" />
              </dd>
            </div>
            <div>
              <dt className="flex items-center gap-2 text-slate-600">
                <CalendarDays aria-hidden="true" className="size-4 text-slate-500" />
                Application deadline
              </dt>
              <dd className="pl-6 font-medium text-slate-900">
                <DeadlineText program={program} />
              </dd>
            </div>
          </dl>
        </CardContent>
      </Card>

      {!program.archived && (
        <ProgramScholarships scholarships={scholarships} universitySlug={program.university.slug} />
      )}

      <DataFreshness
        subject="this program"
        lastUpdated={program.updatedAt}
        website={safeWebsite(program.website)}
      />

      {existing && !isOpen(existing.status) && !closed && !program.archived && (
        <Alert variant="info">
          <AlertTitle>You applied to this program before</AlertTitle>
          <AlertDescription>
            <SubmittedOn application={existing} />
            <p>This is a new application; the earlier one stays under My Applications.</p>
          </AlertDescription>
        </Alert>
      )}
      {existing && isOpen(existing.status) ? (
        <Alert variant="info">
          <AlertTitle>You have already applied to this program</AlertTitle>
          <AlertDescription>
            <SubmittedOn application={existing} />
            <p>
              <Link href="/user/applications" className={linkClass}>
                Follow it under My Applications
              </Link>
            </p>
          </AlertDescription>
        </Alert>
      ) : program.archived ? (
        <Alert variant="destructive">
          <AlertTitle>This program no longer takes applications</AlertTitle>
          <AlertDescription>
            <p>
              {program.name} at {program.university.name} has been withdrawn from {await cachedPlatformName()}
              .{" "}
              <Link href="/universities/search" className={linkClass}>
                Search for other programs
              </Link>
            </p>
          </AlertDescription>
        </Alert>
      ) : closed ? (
        <Alert variant="destructive">
          <AlertTitle>Applications are closed</AlertTitle>
          <AlertDescription>
            <p>
              The application deadline for this program passed on {formatDeadline(program)}.{" "}
              <Link href={`/university/${program.university.slug}`} className={linkClass}>
                See the university&apos;s other programs
              </Link>
            </p>
          </AlertDescription>
        </Alert>
      ) : (
        <>
          {documentSlots.length > 0 && (
            <Card>
              <CardContent>
                <DraftDocuments programId={program.id} slots={documentSlots} />
              </CardContent>
            </Card>
          )}
          <Card>
            <CardContent>
              <ApplicationForm
                programId={program.id}
                studentId={viewer.id}
                draft={draft?.data ?? null}
                draftVersion={draft?.version ?? 0}
                today={now.toISOString()}
              />
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}
