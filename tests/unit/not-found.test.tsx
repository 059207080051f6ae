/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import NotFound from "@/app/not-found";

jest.mock("@/lib/auth/session", () => ({ getViewer: async () => null }));
jest.mock("@/lib/auth/actions", () => ({ signOutAction: async () => undefined }));
jest.mock("next/navigation", () => ({ usePathname: () => "/missing" }));

test("the 404 page says so and offers a way home", async () => {
  render(await NotFound());
  expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("404 Page Not Found");
  expect(screen.getByRole("link", { name: "Go back home" })).toHaveAttribute("href", "/");
});
