/** @jest-environment jsdom */
import { fireEvent, render, screen } from "@testing-library/react";
import PageError from "@/app/error";

// A page that fails on our side (the database down, a bug) says what to do, not Next's bare page.

test("the error page says what happened, retries and gives the reference", () => {
  const reset = jest.fn();
  render(
    <PageError error={Object.assign(new Error("hidden detail"), { digest: "1234567" })} reset={reset} />,
  );
  expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("This page could not be loaded");
  expect(screen.getByText(/Please try again in a minute/)).toBeInTheDocument();
  expect(screen.queryByText(/hidden detail/)).not.toBeInTheDocument();
  expect(screen.getByText("Reference: 1234567")).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
  fireEvent.click(screen.getByRole("button", { name: "Try again" }));
  expect(reset).toHaveBeenCalledTimes(1);
});
