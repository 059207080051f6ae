/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import { DashboardShell } from "@/components/dashboard/dashboard-shell";
import { PublicShell } from "@/components/layout/public-shell";

// A demo database says so on every page; a database of facts shows no notice.

jest.mock("@/lib/auth/actions", () => ({ signOutAction: async () => undefined }));
jest.mock("next/navigation", () => ({ usePathname: () => "/" }));

const NOTICE =
  "Demo data: programs, tuition, deadlines and rankings on this site are generated for trying the product.";
const user = { fullName: "Sam Student", role: "user" as const };

test("the public shell of a demo database starts with the notice, as a note", () => {
  render(<PublicShell demoData>page</PublicShell>);
  expect(screen.getByRole("note")).toHaveTextContent(NOTICE);
});

test("the dashboard shell of a demo database shows it too", () => {
  render(
    <DashboardShell user={user} items={[]} navLabel="Student" demoData>
      page
    </DashboardShell>,
  );
  expect(screen.getByRole("note")).toHaveTextContent(NOTICE);
});

test("the sign-in pages, which have no header, show it as well", () => {
  render(
    <PublicShell hideChrome demoData>
      page
    </PublicShell>,
  );
  expect(screen.getByRole("note")).toHaveTextContent(NOTICE);
  expect(screen.queryByRole("banner")).toBeNull();
});

test("outside demo mode, no notice", () => {
  render(<PublicShell>page</PublicShell>);
  render(
    <DashboardShell user={user} items={[]} navLabel="Student">
      page
    </DashboardShell>,
  );
  expect(screen.queryByRole("note")).toBeNull();
  expect(screen.queryByText(/Demo data/)).toBeNull();
});
