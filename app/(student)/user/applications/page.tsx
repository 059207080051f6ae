import { FileTextIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import type { SearchParams } from "nuqs/server";
import { ApplicationSummary } from "@/components/applications/application-summary";
import { StatusBadge } from "@/components/applications/status-badge";
import { DraftList } from "@/components/applications/draft-list";
import { OfferReply } from "@/components/applications/offer-reply";
import { WithdrawButton } from "@/components/applications/withdraw-button";
import { Pagination } from "@/components/search/pagination";
import { Card, CardContent } from "@/components/ui/card";
import { listDrafts } from "@/lib/applications/drafts.server";
import { Timeline } from "@/components/applications/timeline";
import { OfferConditions } from "@/components/applications/offer-conditions";
import { DocumentList } from "@/components/applications/document-list";
import { listDocumentsOfApplications } from "@/lib/documents/commands.server";
import { listConditions } from "@/lib/applications/conditions.server";
import { DocumentRequests, RequestsBadge } from "@/components/applications/document-requests";
import { RequestAnswer } from "@/components/applications/request-answer";
import { acceptsRequests, type DocumentRequest } from "@/lib/applications/requests";
import { listRequests } from "@/lib/applications/requests.server";
import { sameStartTerm } from "@/lib/applications/offer";
import {
  listAcceptedPlaces,
  listApplicationHistories,
  listApplications,
  listOffers,
} from "@/lib/applications/queries.server";
import type { ApplicationStatus } from "@/lib/applications/status";
import { isOpen } from "@/lib/applications/workflow";
import { viewerOrSignIn } from "@/lib/auth/session.server";
import { formatCount } from "@/lib/format";
import { lastPageOf } from "@/lib/paging";
import { applicationsListQuery } from "@/lib/validation/application";
import { StudentReferences } from "@/components/references/student-references.server";

export const metadata: Metadata = { title: "My Applications" };

const linkClass =
  "rounded-sm font-medium text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none";

/**
 * The requests shown with an application: while it is open, those the student still has something
 * to do about or that wait for the team; once it closed, those that closed with it, which say that
 * nothing more is to be sent (the history keeps the others).
 */
const shownRequests = (status: ApplicationStatus, requests: DocumentRequest[] | undefined) =>
  (requests ?? []).filter((request) =>
    acceptsRequests(status) ? request.status !== "closed" : request.closedWith !== null,
  );

type ApplicationsPageProps = { searchParams: Promise<SearchParams> };

/** ?page= of GET /api/applications' query: the page offers none of its filters. */
const myApplicationsQuery = applicationsListQuery.pick();

export default async function ApplicationsPage({ searchParams }: ApplicationsPageProps) {
  const viewer = await viewerOrSignIn("/user/applications");
  // A page number the API could not serve is the 404 page (load()); one past the end (after a
  // withdrawal, say) shows the last page.
  const list = await myApplicationsQuery.load(searchParams, "/user/applications");
  if (!list.ok) notFound(); // no filters to refuse: kept for the type
  let page = await listApplications({ userId: viewer.id, limit: list.limit, offset: list.offset });
  const last = lastPageOf(page.total, list.limit);
  const current = Math.min(list.page, last);
  if (current !== list.page) {
    page = await listApplications({
      userId: viewer.id,
      limit: list.limit,
      offset: (current - 1) * list.limit,
    });
  }
  const ids = page.items.map((item) => item.id);
  const waiting = page.items.filter((item) => item.status === "approved");
  const [histories, drafts, offers, conditions, places, documents, requests] = await Promise.all([
    listApplicationHistories(ids),
    listDrafts(viewer.id),
    listOffers(waiting.map((item) => item.id)),
    listConditions(ids),
    waiting.length ? listAcceptedPlaces(viewer.id) : [],
    listDocumentsOfApplications(ids),
    listRequests(ids),
  ]);
  // The place an offer waiting for a reply would replace: one accepted for the same start.
  const replaces = (applicationId: number) =>
    places.find((place) => sameStartTerm(place.startTerm, offers.get(applicationId)?.startTerm ?? null)) ??
    null;
  const now = new Date();

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">My Applications</h1>
        <p className="text-slate-600">
          {page.total === 0
            ? "Programs you apply to show up here with their status."
            : `${formatCount(page.total)} ${page.total === 1 ? "application" : "applications"}, newest first.`}
        </p>
      </div>

      {/* Unsent applications first: they are what the student still has to do. */}
      {drafts.length > 0 && (
        <section aria-labelledby="drafts-heading" className="flex flex-col gap-3">
          <div className="flex flex-col gap-1">
            <h2 id="drafts-heading" className="text-lg font-semibold text-slate-900">
              Drafts
            </h2>
            <p className="text-sm text-slate-600">
              Not sent yet: continue each before its deadline to apply.
            </p>
          </div>
          <Card className="py-5">
            <CardContent>
              <DraftList drafts={drafts} now={now} titleAs="h3" />
            </CardContent>
          </Card>
        </section>
      )}

      {page.total === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-start gap-3 text-slate-700">
            <FileTextIcon className="size-8 text-brand-600" aria-hidden="true" />
            <p>
              {drafts.length > 0
                ? "No applications sent yet: your drafts are above."
                : "No applications submitted yet"}
            </p>
            <Link href="/universities/search" className={linkClass}>
              Find a program to apply to
            </Link>
          </CardContent>
        </Card>
      ) : (
        <ul className="flex flex-col gap-4" aria-label="Applications">
          {page.items.map((application) => {
            const history = histories.get(application.id) ?? [];
            const shown = shownRequests(application.status, requests.get(application.id));
            const answerable = acceptsRequests(application.status);
            return (
              <li
                key={application.id}
                data-testid="application-item"
                data-focus-item={`application:${application.id}`}
              >
                <Card className="gap-4 py-5">
                  <CardContent className="flex flex-col gap-4">
                    <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                      <ApplicationSummary application={application} titleAs="h2" />
                      <div className="flex items-center gap-3">
                        <StatusBadge status={application.status} />
                        {acceptsRequests(application.status) && (
                          <RequestsBadge requests={application.requests} reader="student" />
                        )}
                        {isOpen(application.status) && (
                          <WithdrawButton
                            applicationId={application.id}
                            programName={`${application.program.name} (${application.program.degree})`}
                          />
                        )}
                      </div>
                    </div>

                    {shown.length > 0 && (
                      <section
                        aria-labelledby={`requests-${application.id}`}
                        className={`flex flex-col gap-2 rounded-md border px-4 py-3 ${answerable ? "border-amber-300 bg-amber-50" : "border-slate-200 bg-slate-50"}`}
                      >
                        <h3 id={`requests-${application.id}`} className="font-semibold text-slate-900">
                          Requests from the admissions team
                        </h3>
                        <DocumentRequests
                          requests={shown}
                          reader="student"
                          titleId={`requests-${application.id}`}
                          itemHeading="h4"
                          controls={(request) =>
                            answerable &&
                            request.status === "open" && (
                              <RequestAnswer applicationId={application.id} request={request} />
                            )
                          }
                        />
                      </section>
                    )}

                    {application.status === "approved" && offers.has(application.id) && (
                      <OfferReply
                        applicationId={application.id}
                        programName={`${application.program.name} (${application.program.degree})`}
                        offer={offers.get(application.id)!}
                        conditions={conditions.get(application.id) ?? []}
                        replaces={replaces(application.id)}
                      />
                    )}

                    {application.status !== "approved" && conditions.has(application.id) && (
                      <section
                        aria-labelledby={`conditions-${application.id}`}
                        className="flex flex-col gap-1 text-sm"
                      >
                        <h3 id={`conditions-${application.id}`} className="font-semibold text-slate-900">
                          Conditions of the offer
                        </h3>
                        <OfferConditions
                          conditions={conditions.get(application.id)!}
                          reader="student"
                          titleId={`conditions-${application.id}`}
                        />
                      </section>
                    )}

                    {application.latestNote && (
                      <div className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm">
                        <p className="font-medium text-slate-900">Latest note from the reviewers</p>
                        <p className="whitespace-pre-line text-slate-700">{application.latestNote}</p>
                      </div>
                    )}

                    {(documents.get(application.id) ?? []).length > 0 && (
                      <details className="text-sm">
                        <summary className="w-fit cursor-pointer rounded-sm font-medium text-brand-700 hover:text-brand-900 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none">
                          Documents ({documents.get(application.id)!.length})
                        </summary>
                        <DocumentList documents={documents.get(application.id)!} empty="" />
                      </details>
                    )}

                    <StudentReferences viewer={viewer} applicationId={application.id} now={now} />

                    <details className="group text-sm">
                      <summary
                        data-focus-control="history"
                        className="w-fit cursor-pointer rounded-sm font-medium text-brand-700 hover:text-brand-900 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
                      >
                        Status history ({history.length})
                      </summary>
                      <Timeline history={history} reader="student" className="mt-3 flex flex-col gap-3" />
                    </details>
                  </CardContent>
                </Card>
              </li>
            );
          })}
        </ul>
      )}

      <Pagination current={current} last={last} hrefFor={list.hrefFor} />
    </div>
  );
}
