/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import NotFound from "@/app/not-found";

test("the 404 page says so and offers a way home", () => {
  render(<NotFound />);
  expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("404 Page Not Found");
  expect(screen.getByRole("link", { name: "Go back home" })).toHaveAttribute("href", "/");
});
