/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import StudentDashboardPage from "@/app/(student)/user/dash/page";
import { daysLeftLabel } from "@/lib/format";

// The dashboard's upcoming deadlines say how long is left as the program search, compare and the
// shortlist do (one function): a deadline on 26 December (UTC), seen on 26 November, is "30 days
// left" everywhere (calendar days on the program's clocks), never "in 30 days" here.

const now = new Date("2026-11-26T13:00:00Z");
const deadline = new Date("2026-12-26T00:00:00Z");

jest.mock("@/lib/auth/session.server", () => ({
  viewerOrSignIn: async () => ({ id: 7, fullName: "Ada Lovelace", role: "user", adminType: null }),
}));
jest.mock("@/lib/applications/queries.server", () => ({
  listApplications: async () => ({ items: [], total: 0 }),
  listOffersToAnswer: async () => [],
  listUpcomingDeadlines: async () => [
    {
      programId: 1,
      programName: "Marine Biology",
      degree: "MSc",
      deadline,
      timeZone: "UTC",
      university: { name: "Riverside University", slug: "riverside-university" },
    },
  ],
}));

jest.mock("@/lib/applications/drafts.server", () => ({ listDrafts: async () => [] }));

beforeAll(() => {
  jest.useFakeTimers({ now, doNotFake: ["setTimeout", "setInterval", "queueMicrotask", "nextTick"] });
});
afterAll(() => {
  jest.useRealTimers();
});

test("the days left to a deadline are counted as on every other page", async () => {
  render(await StudentDashboardPage());
  expect(daysLeftLabel({ deadline, timeZone: "UTC" }, now)).toBe("30 days left");
  expect(screen.getByText("Marine Biology (MSc)")).toBeInTheDocument();
  expect(screen.getByText(/30 days left/)).toBeInTheDocument();
  expect(screen.getByText("26 December 2026, 23:59 (UTC)")).toBeInTheDocument();
  expect(screen.queryByText(/in 30 days/)).toBeNull();
});
