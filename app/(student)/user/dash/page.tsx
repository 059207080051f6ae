import { CalendarClockIcon, FileTextIcon, MailQuestionIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { ApplicationSummary } from "@/components/applications/application-summary";
import { DraftList } from "@/components/applications/draft-list";
import { StatusBadge } from "@/components/applications/status-badge";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Card, CardContent } from "@/components/ui/card";
import { CardHeading } from "@/components/ui/card-heading";
import { listDrafts } from "@/lib/applications/drafts.server";
import {
  listApplications,
  listOffersToAnswer,
  listUpcomingDeadlines,
} from "@/lib/applications/queries.server";
import { viewerOrSignIn } from "@/lib/auth/session.server";
import { DeadlineText } from "@/components/programs/deadline-text";
import { daysLeftLabel, formatDate } from "@/lib/format";
import { firstNameOf } from "@/lib/users/display";

export const metadata: Metadata = { title: "My Dashboard" };

const DEADLINE_WINDOW_DAYS = 90;

const linkClass =
  "rounded-sm font-medium text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none";

export default async function StudentDashboardPage() {
  const viewer = await viewerOrSignIn("/user/dash");
  const now = new Date();
  const [applications, deadlines, drafts, offers] = await Promise.all([
    listApplications({ userId: viewer.id, limit: 5, offset: 0 }).then((page) => page.items),
    listUpcomingDeadlines(viewer.id, now, DEADLINE_WINDOW_DAYS),
    listDrafts(viewer.id, 5),
    listOffersToAnswer(viewer.id),
  ]);

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">My Dashboard</h1>
        <p className="text-slate-600">Welcome back, {firstNameOf(viewer.fullName)}!</p>
      </div>

      {/* What needs doing first: an offer lapses when its reply-by date passes. */}
      {offers.length > 0 && (
        <Alert variant="info">
          <MailQuestionIcon aria-hidden="true" />
          <AlertTitle>
            <h2>{offers.length === 1 ? "An offer waits for your reply" : "Offers wait for your reply"}</h2>
          </AlertTitle>
          <AlertDescription>
            <ul className="flex flex-col gap-1">
              {offers.map((offer) => (
                <li key={offer.applicationId}>
                  Reply to your offer from {offer.universityName} ({offer.programName}, {offer.degree}) by{" "}
                  <time dateTime={offer.replyBy}>{formatDate(offer.replyBy)}</time>.
                </li>
              ))}
            </ul>
            <p>
              <Link href="/user/applications" className={linkClass}>
                Reply on My Applications
              </Link>
            </p>
          </AlertDescription>
        </Alert>
      )}

      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeading
            icon={FileTextIcon}
            title="My Applications"
            description="Your latest applications and where they stand."
          />
          <CardContent className="flex flex-col gap-6">
            {/* Drafts whatever their deadline: an unsent application must be easy to get back to. */}
            {drafts.length > 0 && (
              <section aria-labelledby="dash-drafts-heading" className="flex flex-col gap-3">
                <h3 id="dash-drafts-heading" className="text-sm font-semibold text-slate-900">
                  Drafts: not sent yet
                </h3>
                <DraftList drafts={drafts} now={now} />
                <Link href="/user/applications" className={`${linkClass} text-sm`}>
                  All drafts and applications
                </Link>
              </section>
            )}
            {applications.length === 0 && drafts.length > 0 ? (
              <p className="text-sm text-slate-600">No applications sent yet.</p>
            ) : applications.length === 0 ? (
              <div className="flex flex-col items-start gap-2 text-sm text-slate-600">
                <p>No applications submitted yet</p>
                <Link href="/universities/search" className={linkClass}>
                  Find a program to apply to
                </Link>
              </div>
            ) : (
              <ul className="divide-y divide-slate-200">
                {applications.map((application) => (
                  <li
                    key={application.id}
                    className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between"
                  >
                    <ApplicationSummary application={application} />
                    <StatusBadge status={application.status} />
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeading
            icon={CalendarClockIcon}
            title="Upcoming Deadlines"
            description={
              <>
                Programs you applied to or started an application for, closing in the next{" "}
                {DEADLINE_WINDOW_DAYS} days.
              </>
            }
          />
          <CardContent>
            {deadlines.length === 0 ? (
              <p className="text-sm text-slate-600">No upcoming deadlines</p>
            ) : (
              <ul className="flex flex-col gap-4">
                {deadlines.map((item) => (
                  <li key={item.programId} className="flex flex-col gap-0.5 text-sm">
                    <p className="font-medium text-slate-900">
                      {item.programName} ({item.degree})
                    </p>
                    <p className="text-slate-600">{item.university.name}</p>
                    <p className="text-slate-700">
                      <DeadlineText program={item} />
                      <span className="text-slate-600"> · {daysLeftLabel(item, now)}</span>
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
