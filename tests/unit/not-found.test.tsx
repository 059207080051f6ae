/** @jest-environment jsdom */
import { render, screen, within } from "@testing-library/react";
import GlobalNotFound, { generateMetadata } from "@/app/global-not-found";

jest.mock("@/lib/auth/actions", () => ({ signOutAction: async () => undefined }));
jest.mock("@/lib/cache/reads.server", () => ({
  cachedPlatformName: async () => "Campus Compass",
  cachedIsDemoDatabase: async () => false,
}));
jest.mock("next/navigation", () => ({ usePathname: () => "/missing" }));

test("the 404 page of an unknown address says so and offers a way home", async () => {
  render(await GlobalNotFound(), { container: document }); // the page is the whole document
  expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("404 Page Not Found");
  expect(screen.getByRole("link", { name: "Go back home" })).toHaveAttribute("href", "/");
});

test("its header and footer carry the platform name of the settings", async () => {
  render(await GlobalNotFound(), { container: document }); // the page is the whole document
  expect(within(screen.getByRole("banner")).getByRole("link", { name: "Campus Compass" })).toHaveAttribute(
    "href",
    "/",
  );
  const footer = screen.getByRole("contentinfo");
  expect(within(footer).getByRole("link", { name: "Campus Compass" })).toBeInTheDocument();
  expect(footer).toHaveTextContent(/© \d{4} Campus Compass\. All rights reserved\./);
  expect(screen.queryByText(/UniSearch/)).toBeNull();
});

test("its title carries the platform name too (it is rendered outside the root layout)", async () => {
  expect((await generateMetadata()).title).toBe("404 Page Not Found | Campus Compass");
});
