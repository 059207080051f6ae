import { GET as stats } from "@/app/api/dashboard/stats/route";
import { POST as login } from "@/app/api/login/route";
import { hashPassword } from "@/lib/auth/password";
import { prisma } from "@/lib/db/client";
import { getDashboardStats } from "@/lib/dashboard/stats";
import { getWeeklyApplications } from "@/lib/dashboard/weekly";
import { Agent } from "../support/agent";
import {
  createApplication,
  createStudent,
  createUniversity,
  deleteUniversitiesNamed,
  deleteUsersTagged,
  uniqueTag,
} from "../support/factories";

const tag = uniqueTag();
const PASSWORD = "dashboard tests";
const DAY = 86_400_000;

beforeAll(async () => {
  const password = await hashPassword(PASSWORD);
  await prisma.user.createMany({
    data: [
      {
        username: `${tag}_admin`,
        email: `${tag}.admin@example.com`,
        fullName: "Dash Admin",
        password,
        role: "admin",
        adminType: "team",
      },
      { username: `${tag}_student`, email: `${tag}.student@example.com`, fullName: "Dash Student", password },
    ],
  });
});
afterAll(async () => {
  await prisma.user.deleteMany({ where: { username: { startsWith: tag } } });
  await deleteUsersTagged(tag);
  await deleteUniversitiesNamed(tag);
});

test("GET /api/dashboard/stats: 401 signed out, 403 for students, the figures for admins", async () => {
  expect((await new Agent().call(stats, "/api/dashboard/stats")).status).toBe(401);

  const student = new Agent();
  await student.call(login, "/api/login", { json: { username: `${tag}_student`, password: PASSWORD } });
  expect((await student.call(stats, "/api/dashboard/stats")).status).toBe(403);

  const admin = new Agent();
  await admin.call(login, "/api/login", { json: { username: `${tag}_admin`, password: PASSWORD } });
  const response = await admin.call(stats, "/api/dashboard/stats");
  expect(response.status).toBe(200);
  const body = await response.json();
  expect(Object.keys(body).sort()).toEqual(["applications", "programs", "universities", "users"]);
  expect(Object.keys(body.users).sort()).toEqual(["total", "trend"]);
  expect(Object.keys(body.applications).sort()).toEqual(["pending", "total", "trend"]);
  expect(body.users.total).toBeGreaterThanOrEqual(2);
  expect(body.programs.total).toBeGreaterThan(50_000);
  expect(body.universities.total).toBeGreaterThanOrEqual(10_251);
  expect(body.applications.pending).toBeLessThanOrEqual(body.applications.total);
});

test("the user trend compares sign-ups of the last 30 days with the 30 before", async () => {
  // A fixed "now" far in the future, where only this test's users fall into the two windows.
  const now = new Date(Date.UTC(2090, 0, 1));
  const password = await hashPassword(PASSWORD);
  const signUps = [5, 10, 20, 35, 40, 45].map((daysAgo, i) => ({
    username: `${tag}_t${i}`,
    email: `${tag}.t${i}@example.com`,
    fullName: `Trend ${i}`,
    password,
    createdAt: new Date(now.getTime() - daysAgo * DAY),
  }));
  await prisma.user.createMany({ data: signUps });
  // 3 in the last 30 days, 3 in the 30 before: no change; then one more recent sign-up: +33.3%.
  expect((await getDashboardStats(now)).users.trend).toBe(0);
  await prisma.user.create({
    data: {
      username: `${tag}_t9`,
      email: `${tag}.t9@example.com`,
      fullName: "Trend 9",
      password,
      createdAt: new Date(now.getTime() - DAY),
    },
  });
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
  const students = await Promise.all([1, 2].map((n) => createStudent(`${tag}w${n}`)));
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
