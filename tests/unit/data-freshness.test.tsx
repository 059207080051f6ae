/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import { DataFreshness } from "@/components/university/data-freshness";

// Freshness and honesty: the date of the information, the notice, the official website.

test("it gives the date the information last changed and links to the official website in a new tab", () => {
  render(
    <DataFreshness
      subject="this program"
      lastUpdated={new Date("2026-03-15T23:30:00Z")}
      website="https://www.aalto.fi/"
    />,
  );
  const note = screen.getByRole("note");
  expect(note).toHaveTextContent(
    "Information on this program last updated on 15 March 2026. It is exploratory and may be out of date: always check the official school website",
  );
  expect(note.querySelector("time")).toHaveAttribute("datetime", "2026-03-15T23:30:00.000Z");
  const link = screen.getByRole("link", { name: "official school website (opens in a new tab)" });
  expect(link).toHaveAttribute("href", "https://www.aalto.fi/");
  expect(link).toHaveAttribute("rel", "noopener noreferrer");
});

test("without a known website it names the website without a link", () => {
  render(
    <DataFreshness subject="this program" lastUpdated={new Date("2026-03-15T00:00:00Z")} website={null} />,
  );
  expect(screen.getByRole("note")).toHaveTextContent(
    "always check the official school website before you apply.",
  );
  expect(screen.queryByRole("link")).toBeNull();
});
