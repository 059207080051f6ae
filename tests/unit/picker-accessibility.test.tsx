/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { Calendar } from "@/components/ui/calendar";
import { Combobox, type ComboboxOption } from "@/components/ui/combobox";
import { FilterFields } from "@/components/search/filter-fields";

// The admin's pickers and the cost slider by keyboard and screen reader: the combobox with
// server-side search highlights its first match (Enter picks it), its popover and the calendar's
// are named dialogs, a day button's name holds the number it shows, and the slider says what its
// value means.

beforeAll(() => {
  Element.prototype.scrollIntoView = jest.fn();
  global.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

/** A combobox whose options come from a "server" once typed, like the university picker. */
function ServerCombobox({
  onValueChange,
  loading = false,
}: {
  onValueChange: (value: string) => void;
  loading?: boolean;
}) {
  const [options, setOptions] = useState<ComboboxOption[]>([]);
  return (
    <Combobox
      aria-label="University"
      value={null}
      onValueChange={onValueChange}
      options={options}
      loading={loading}
      onSearchChange={(query) =>
        setOptions(query ? [{ value: "42", label: `Universidad ${query} (Spain)` }] : [])
      }
      placeholder="Select university"
      dialogLabel="Choose a university"
      searchPlaceholder="Search universities..."
      emptyText="No university found."
    />
  );
}

test("Enter picks the only match of a server-side search without moving to it first", () => {
  const onValueChange = jest.fn();
  render(<ServerCombobox onValueChange={onValueChange} />);
  fireEvent.click(screen.getByRole("combobox", { name: "University" }));
  expect(screen.getByRole("dialog", { name: "Choose a university" })).toBeInTheDocument();
  const search = screen.getByPlaceholderText("Search universities...");
  act(() => {
    fireEvent.change(search, { target: { value: "Autonoma" } });
  });
  expect(screen.getByRole("option", { name: "Universidad Autonoma (Spain)" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  fireEvent.keyDown(search, { key: "Enter" });
  expect(onValueChange).toHaveBeenCalledWith("42");
});

test("while new results load, Enter picks nothing (the listed ones are stale)", () => {
  const onValueChange = jest.fn();
  render(<ServerCombobox onValueChange={onValueChange} loading />);
  fireEvent.click(screen.getByRole("combobox", { name: "University" }));
  const search = screen.getByPlaceholderText("Search universities...");
  act(() => {
    fireEvent.change(search, { target: { value: "Autonoma" } });
  });
  fireEvent.keyDown(search, { key: "Enter" });
  expect(onValueChange).not.toHaveBeenCalled();
});

test("a day button's accessible name starts with the number it shows", () => {
  render(<Calendar mode="single" month={new Date(2026, 10, 1)} selected={new Date(2026, 10, 3)} />);
  expect(screen.getByRole("button", { name: "1 November 2026, Sunday" })).toHaveTextContent(/^1$/);
  expect(screen.getByRole("button", { name: "3 November 2026, Tuesday, selected" })).toHaveTextContent(/^3$/);
});

test("the cost slider says 'Any cost' for 0 and the amount per year otherwise", () => {
  const props = {
    countries: [],
    levels: [],
    fields: [],
    layout: "vertical" as const,
    onChange: () => {},
  };
  const values = { country: "all", level: "all", field: "all" };
  const { rerender } = render(<FilterFields {...props} values={{ ...values, cost: 0 }} />);
  expect(screen.getByRole("slider")).toHaveAttribute("aria-valuetext", "Any cost");
  rerender(<FilterFields {...props} values={{ ...values, cost: 15_000 }} />);
  expect(screen.getByRole("slider")).toHaveAttribute("aria-valuetext", "Up to $15,000 per year");
});
