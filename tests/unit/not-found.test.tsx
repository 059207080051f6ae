/** @jest-environment jsdom */
import { render, screen, within } from "@testing-library/react";
import NotFound from "@/app/not-found";

jest.mock("@/lib/auth/actions", () => ({ signOutAction: async () => undefined }));
jest.mock("@/lib/cache/reads", () => ({
  cachedPlatformName: async () => "Campus Compass",
  cachedIsDemoDatabase: async () => false,
}));
jest.mock("next/navigation", () => ({ usePathname: () => "/missing" }));
// A cached server component (async), which Testing Library cannot render.
jest.mock("@/components/layout/current-year", () => ({ CurrentYear: () => "2026" }));

test("the 404 page says so and offers a way home", async () => {
  render(await NotFound());
  expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("404 Page Not Found");
  expect(screen.getByRole("link", { name: "Go back home" })).toHaveAttribute("href", "/");
});

test("its header and footer carry the platform name of the settings", async () => {
  render(await NotFound());
  expect(within(screen.getByRole("banner")).getByRole("link", { name: "Campus Compass" })).toHaveAttribute(
    "href",
    "/",
  );
  const footer = screen.getByRole("contentinfo");
  expect(within(footer).getByRole("link", { name: "Campus Compass" })).toBeInTheDocument();
  expect(footer).toHaveTextContent(/© \d{4} Campus Compass\. All rights reserved\./);
  expect(screen.queryByText(/UniSearch/)).toBeNull();
});
