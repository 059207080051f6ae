import type { Metadata } from "next";
import Link from "next/link";
import type { SearchParams } from "nuqs/server";
import { AdminListPage, ExportLink } from "@/components/admin/admin-list-page";
import { StatusUpdateDialog } from "@/components/admin/status-update-dialog";
import { BulkActions } from "@/components/admin/workspace/bulk-actions";
import { QueueList } from "@/components/admin/workspace/queue-list";
import { QueueTabs } from "@/components/admin/workspace/queue-tabs";
import { listAssignableStaff } from "@/lib/applications/assignment.server";
import { listApplicationsByIds } from "@/lib/applications/queries.server";
import { ASSIGNEE_LABELS, QUEUE_ORDER_LABELS, QUEUE_ORDERS } from "@/lib/applications/queue";
import { queuePage } from "@/lib/applications/queue.server";
import { REQUEST_FILTER_LABELS, REQUEST_FILTERS } from "@/lib/applications/requests";
import { STATUS_LABELS } from "@/lib/applications/status";
import { STATUSES_IN_LIFE_ORDER } from "@/lib/applications/workflow";
import { canReviewApplication, hasPermission, heldPermissions } from "@/lib/auth/policy";
import { adminOrSignIn } from "@/lib/auth/session.server";
import { cachedCountries, cachedStudyLists } from "@/lib/cache/reads.server";
import { prisma } from "@/lib/db/client.server";
import { workspaceListQuery } from "@/lib/validation/application";

export const metadata: Metadata = { title: "Applications" };

type Props = { searchParams: Promise<SearchParams> };

const PATH = "/admin/applications";

const linkClass =
  "rounded-sm font-medium text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none";

/** A select of the list's filters: its first option is the default, left out of the URL. */
function select(name: string, label: string, options: { value: string; label: string }[]) {
  return { name, label, options };
}

/** The university or program the list is narrowed to (set from a row's links), with a way back. */
async function narrowedTo(university: number | undefined, program: number | undefined) {
  const [u, p] = await Promise.all([
    university ? prisma.university.findUnique({ where: { id: university }, select: { name: true } }) : null,
    program
      ? prisma.program.findUnique({ where: { id: program }, select: { name: true, degree: true } })
      : null,
  ]);
  return {
    university: university ? (u?.name ?? `University ${university}`) : null,
    program: program ? (p ? `${p.name} (${p.degree})` : `Program ${program}`) : null,
  };
}

/**
 * The admissions team's workspace: every application, the most urgent first, in tabs by whose
 * move it is (with counts), filtered by the URL (lib/validation/application.ts's
 * workspaceListQuery, as GET /api/applications and the CSV export read it), each row with who
 * handles it, Claim, Update status (the page's one dialog) and the details; rows can be selected
 * for bulk actions.
 */
export default async function AdminApplicationsPage({ searchParams }: Props) {
  const viewer = await adminOrSignIn();
  const now = new Date();
  // The filters' choices are read while the queue is. Their countries and levels come from the
  // public search's cache (kept current by the writes that change them) rather than counting
  // universities per country on every render.
  const choices = Promise.all([listAssignableStaff(), cachedStudyLists(), cachedCountries()]);
  // Awaited below: should the list's read end the page first (a page past the last), this read's
  // failure is not left unhandled.
  choices.catch(() => {});
  const list = await workspaceListQuery.loadRows(searchParams, PATH, async (query, window) => {
    const page = await queuePage(query, viewer, window, now);
    return { items: await listApplicationsByIds(page.ids), total: page.total, counts: page.counts };
  });
  const [[staff, { levels }, countries], narrowed] = await Promise.all([
    choices,
    list.ok ? narrowedTo(list.query.university, list.query.program) : null,
  ]);
  const values = list.ok ? list.values : null;
  const listQuery = values
    ? workspaceListQuery.serialize("", { ...values, page: list.ok ? list.page : 1 })
    : "";
  const exportQuery = values ? workspaceListQuery.serialize("", { ...values, page: null }) : "";
  const hrefWith = (change: Record<string, string | number | null>) =>
    workspaceListQuery.serialize(PATH, { ...(values ?? {}), ...change, page: null } as never);

  const selects = [
    select("assignee", "Assignee", [
      { value: "all", label: ASSIGNEE_LABELS.all },
      { value: "me", label: ASSIGNEE_LABELS.me },
      { value: "nobody", label: ASSIGNEE_LABELS.nobody },
      ...staff.filter((s) => s.id !== viewer.id).map((s) => ({ value: String(s.id), label: s.fullName })),
    ]),
    select("status", "Status", [
      { value: "all", label: "All Status" },
      ...STATUSES_IN_LIFE_ORDER.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
    ]),
    select(
      "requests",
      "Requests",
      (["all", ...REQUEST_FILTERS] as const).map((value) => ({ value, label: REQUEST_FILTER_LABELS[value] })),
    ),
    select("overdue", "Decide-by date", [
      { value: "false", label: "Any" },
      { value: "true", label: "Overdue only" },
    ]),
    select("country", "Country", [
      { value: "all", label: "All Countries" },
      ...countries.map((country) => ({ value: country.code, label: country.name })),
    ]),
    select("level", "Level", [
      { value: "all", label: "All Levels" },
      ...levels.map((level) => ({ value: level, label: level })),
    ]),
    select(
      "order",
      "Order",
      QUEUE_ORDERS.map((order) => ({ value: order, label: QUEUE_ORDER_LABELS[order] })),
    ),
  ];

  return (
    <AdminListPage
      noun={["application", "applications"]}
      description="The team's queue: the most urgent first. Claim what you handle, or work on many at once."
      action={
        hasPermission(viewer, "export-data") && (
          <ExportLink href={`/api/applications/export.csv${exportQuery}`} />
        )
      }
      tabs={
        list.ok && (
          <QueueTabs
            current={list.values.tab}
            counts={list.rows.counts}
            hrefFor={(tab) => hrefWith({ tab: tab === "all" ? null : tab })}
          />
        )
      }
      search={{
        placeholder: "Student name or program",
        selects,
        days: [
          { name: "from", label: "Submitted from" },
          { name: "to", label: "Submitted to" },
        ],
      }}
      order="newest first"
      list={list}
    >
      {list.ok && (
        <div className="flex flex-col gap-3">
          {(narrowed?.university || narrowed?.program) && (
            <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
              {narrowed.university && (
                <span>
                  University: <span className="font-medium text-slate-900">{narrowed.university}</span>{" "}
                  <Link href={hrefWith({ university: null })} className={linkClass}>
                    Show every university
                  </Link>
                </span>
              )}
              {narrowed.program && (
                <span>
                  Program: <span className="font-medium text-slate-900">{narrowed.program}</span>{" "}
                  <Link href={hrefWith({ program: null })} className={linkClass}>
                    Show every program
                  </Link>
                </span>
              )}
            </p>
          )}
          <BulkActions
            total={list.rows.total}
            shownIds={list.rows.items.filter((a) => canReviewApplication(viewer, a)).map((a) => a.id)}
            filters={exportQuery}
            staff={staff}
            viewerId={viewer.id}
            permissions={heldPermissions(viewer)}
          />
          <QueueList
            label={`Applications, ${QUEUE_ORDER_LABELS[list.values.order].toLowerCase()}`}
            rows={list.rows.items.map((application) => ({
              id: application.id,
              status: application.status,
              submittedAt: application.submittedAt,
              decideBy: application.decideBy,
              replyBy: application.replyBy,
              requests: application.requests,
              student: { fullName: application.student.fullName, email: application.student.email },
              program: {
                name: application.program.name,
                degree: application.program.degree,
                archived: application.program.archived,
                timeZone: application.program.timeZone,
                href: hrefWith({ program: application.program.id }),
              },
              university: {
                name: application.university.name,
                href: hrefWith({ university: application.university.id }),
              },
              assignee: application.assignee ?? null,
              reviewable: canReviewApplication(viewer, application),
            }))}
            viewerId={viewer.id}
            now={now.toISOString()}
            listQuery={listQuery}
          />
          <StatusUpdateDialog permissions={heldPermissions(viewer)} />
        </div>
      )}
    </AdminListPage>
  );
}
