/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import { NoPrograms } from "@/components/university/no-programs";

// A university nobody has entered programs for says so, and sends visitors to its website.

test("it says there are no programs yet and links to the official website in a new tab", () => {
  render(<NoPrograms website="https://www.aalto.fi/" />);
  expect(screen.getByText("No programs have been added for this university yet.")).toBeInTheDocument();
  const link = screen.getByRole("link", { name: "official website (opens in a new tab)" });
  expect(link).toHaveAttribute("href", "https://www.aalto.fi/");
  expect(link).toHaveAttribute("target", "_blank");
  expect(link).toHaveAttribute("rel", "noopener noreferrer");
});

test("without a known website, it says where to look, with no link", () => {
  render(<NoPrograms website={null} />);
  expect(screen.getByText("No programs have been added for this university yet.")).toBeInTheDocument();
  expect(screen.queryByRole("link")).toBeNull();
});
