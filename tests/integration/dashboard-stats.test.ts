import { GET as stats } from "@/app/api/dashboard/stats/route";
import { getDashboardStats } from "@/lib/dashboard/stats.server";
import { getWeeklyApplications } from "@/lib/dashboard/weekly-applications.server";
import { Agent } from "../support/agent";
import {
  cleanup,
  createApplication,
  createStudent,
  createTeamAdmin,
  createUniversity,
  uniqueTag,
} from "../support/factories";
import { signIn } from "../support/roles";

const tag = uniqueTag();
const DAY = 86_400_000;

afterAll(cleanup);

test("GET /api/dashboard/stats: 401 signed out, 403 for students, the figures for admins", async () => {
  expect((await new Agent().call(stats, "/api/dashboard/stats")).status).toBe(401);

  const student = await signIn((await createStudent({ fullName: "Dash Student" })).username);
  expect((await student.call(stats, "/api/dashboard/stats")).status).toBe(403);

  const admin = await signIn((await createTeamAdmin({ fullName: "Dash Admin" })).username);
  const response = await admin.call(stats, "/api/dashboard/stats");
  expect(response.status).toBe(200);
  const body = await response.json();
  expect(Object.keys(body).sort()).toEqual(["applications", "programs", "universities", "users"]);
  expect(Object.keys(body.users).sort()).toEqual(["total", "trend"]);
  expect(Object.keys(body.applications).sort()).toEqual(["byStatus", "pending", "total", "trend"]);
  expect(body.users.total).toBeGreaterThanOrEqual(2);
  expect(body.programs.total).toBeGreaterThan(50_000);
  expect(body.universities.total).toBeGreaterThanOrEqual(10_251);
  expect(body.applications.pending).toBeLessThanOrEqual(body.applications.total);
});

test("the user trend compares sign-ups of the last 30 days with the 30 before", async () => {
  // A fixed "now" far in the future, where only this test's users fall into the two windows.
  const now = new Date(Date.UTC(2090, 0, 1));
  for (const [i, daysAgo] of [5, 10, 20, 35, 40, 45].entries()) {
    await createStudent({ fullName: `Trend ${i}`, createdAt: new Date(now.getTime() - daysAgo * DAY) });
  }
  // 3 in the last 30 days, 3 in the 30 before: no change; then one more recent sign-up: +33.3%.
  expect((await getDashboardStats(now)).users.trend).toBe(0);
  await createStudent({ fullName: "Trend 9", createdAt: new Date(now.getTime() - DAY) });
  expect((await getDashboardStats(now)).users.trend).toBe(33.3);
});

test("Application Trends counts applications per week (Monday to Sunday, UTC) over 12 weeks", async () => {
  // A Saturday far in the future: only this test's applications fall into its 12 weeks.
  const now = new Date("2091-03-17T10:00:00Z"); // Saturday; its week starts Monday 12 March
  const university = await createUniversity({
    name: `Trends University ${tag}`,
    programs: ["A", "B", "C", "D", "E"].map((letter) => ({ name: `Program ${letter}`, degree: "BSc" })),
  });
  const programs = university.programs;
  const students = await Promise.all([1, 2].map(() => createStudent()));
  const at = (iso: string) => new Date(iso);
  const submissions = [
    at("2091-03-12T00:00:00Z"), // Monday 00:00: this week
    at("2091-03-17T09:59:00Z"), // today: this week
    at("2091-03-11T23:59:59Z"), // Sunday night: the week before
    at("2090-12-25T12:00:00Z"), // Monday of the oldest of the 12 weeks
    at("2090-12-24T12:00:00Z"), // the Sunday before it: outside
  ];
  let n = 0;
  for (const submittedAt of submissions) {
    const student = students[n % 2];
    await createApplication({ userId: student.id, programId: programs[n].id, submittedAt });
    n++;
  }

  const weeks = await getWeeklyApplications(now);
  expect(weeks).toHaveLength(12);
  expect(weeks[0]).toEqual({ week: "2090-12-25", applications: 1 });
  expect(weeks[10]).toEqual({ week: "2091-03-05", applications: 1 });
  expect(weeks[11]).toEqual({ week: "2091-03-12", applications: 2 });
  expect(weeks.reduce((sum, week) => sum + week.applications, 0)).toBe(4);
});
