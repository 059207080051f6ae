import type { Metadata } from "next";
import Link from "next/link";
import { FileTextIcon, GraduationCapIcon, LibraryIcon, UsersIcon } from "lucide-react";
import { ApplicationTrendsChart } from "@/components/admin/application-trends-chart";
import { StatusBadge } from "@/components/applications/status-badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { listApplications } from "@/lib/applications/queries.server";
import { STATUSES_IN_LIFE_ORDER } from "@/lib/applications/workflow";
import { adminOrSignIn } from "@/lib/auth/session.server";
import { getDashboardStats } from "@/lib/dashboard/stats.server";
import { trendText } from "@/lib/dashboard/trend";
import { getWeeklyApplications } from "@/lib/dashboard/weekly-applications.server";
import { TREND_WEEKS } from "@/lib/dashboard/weeks";
import { formatCount, formatDate } from "@/lib/format";

export const metadata: Metadata = { title: "Admin Dashboard" };

export default async function AdminDashboardPage() {
  await adminOrSignIn();
  const [stats, recent, weekly] = await Promise.all([
    getDashboardStats(),
    listApplications({ limit: 5, offset: 0 }),
    getWeeklyApplications(),
  ]);
  const weeklyTotal = weekly.reduce((sum, week) => sum + week.applications, 0);
  const cards = [
    { title: "Total Users", value: stats.users.total, note: trendText(stats.users.trend), icon: UsersIcon },
    { title: "Universities", value: stats.universities.total, note: "In the catalogue", icon: LibraryIcon },
    {
      title: "Programs",
      value: stats.programs.total,
      note: "Across all universities",
      icon: GraduationCapIcon,
    },
    {
      title: "Applications",
      value: stats.applications.pending,
      note: `Pending review · ${formatCount(stats.applications.total)} in all, ${trendText(stats.applications.trend)}`,
      icon: FileTextIcon,
    },
  ];

  return (
    <div className="flex flex-col gap-8">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Dashboard</h1>

      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label="Key figures">
        {cards.map(({ title, value, note, icon: Icon }) => (
          <li key={title}>
            <Card>
              <CardHeader className="flex flex-row items-center justify-between gap-2">
                <CardTitle asChild>
                  <h2 className="text-sm font-medium text-slate-700">{title}</h2>
                </CardTitle>
                <Icon className="size-5 text-slate-500" aria-hidden="true" />
              </CardHeader>
              <CardContent>
                <p className="text-3xl font-bold text-slate-900">{formatCount(value)}</p>
                <p className="mt-1 text-sm text-slate-600">{note}</p>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2 className="text-lg">Applications by status</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ul
            className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5"
            aria-label="Applications by status"
          >
            {STATUSES_IN_LIFE_ORDER.map((status) => (
              <li key={status}>
                <Link
                  href={`/admin/applications?status=${status}`}
                  className="flex items-center justify-between gap-2 rounded-md border border-slate-200 px-3 py-2 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
                >
                  <StatusBadge status={status} />
                  <span className="font-semibold text-slate-900" data-testid={`status-count-${status}`}>
                    {formatCount(stats.applications.byStatus[status])}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>

      <div className="grid gap-4 xl:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2 className="text-lg">Recent Applications</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            {recent.items.length === 0 ? (
              <p className="text-slate-600">No applications yet.</p>
            ) : (
              <ul className="divide-y divide-slate-200">
                {recent.items.map((application) => (
                  <li
                    key={application.id}
                    className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between"
                  >
                    <div className="min-w-0">
                      <Link
                        href={`/admin/applications/${application.id}`}
                        className="font-medium text-brand-700 underline-offset-4 hover:underline"
                      >
                        {application.student.fullName}: {application.program.name} (
                        {application.program.degree})
                      </Link>
                      <p className="text-sm text-slate-600">
                        {application.university.name} · submitted{" "}
                        <time dateTime={application.submittedAt}>{formatDate(application.submittedAt)}</time>
                      </p>
                    </div>
                    <StatusBadge status={application.status} />
                  </li>
                ))}
              </ul>
            )}
            <p className="mt-4 text-sm">
              <Link
                href="/admin/applications"
                className="font-medium text-brand-700 underline-offset-4 hover:underline"
              >
                All applications
              </Link>
            </p>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2 className="text-lg">Application Trends</h2>
            </CardTitle>
            <p className="text-sm text-slate-600" data-testid="weekly-total">
              {formatCount(weeklyTotal)} {weeklyTotal === 1 ? "application" : "applications"} in the last{" "}
              {TREND_WEEKS} weeks
            </p>
          </CardHeader>
          <CardContent>
            <ApplicationTrendsChart weeks={weekly} />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
