/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import { ProgramsUnavailable } from "@/components/university/programs-unavailable";

test("a program list that could not load says 'Failed to fetch programs' and what to do", () => {
  render(<ProgramsUnavailable />);
  expect(screen.getByText("Failed to fetch programs")).toBeInTheDocument();
  expect(screen.getByText(/reload the page/i)).toBeInTheDocument();
});
