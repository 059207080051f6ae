/** @jest-environment jsdom */
import { fireEvent, render, screen } from "@testing-library/react";
import { LazySelect } from "@/components/ui/lazy-select";
import { LazySheet } from "@/components/ui/lazy-sheet";

/**
 * The first open imports the control's module, which Jest compiles on first use: over a second on
 * a busy machine, more than findBy's default wait.
 */
const FIRST_LOAD = { timeout: 10_000 };

// Radix Select measures and scrolls in ways jsdom does not implement.
beforeAll(() => {
  Element.prototype.scrollIntoView = jest.fn();
  Element.prototype.hasPointerCapture = jest.fn(() => false);
  Element.prototype.releasePointerCapture = jest.fn();
});

const OPTIONS = [
  { value: "all", label: "All levels" },
  { value: "PhD", label: "PhD" },
];

test("a LazySelect is a closed select and a form field before it is opened", () => {
  render(
    <form aria-label="Find">
      <label htmlFor="level">Study Level</label>
      <LazySelect
        id="level"
        name="level"
        value="all"
        onValueChange={() => {}}
        display="All levels"
        options={OPTIONS}
      />
    </form>,
  );
  const trigger = screen.getByRole("combobox", { name: "Study Level" });
  expect(trigger).toHaveAttribute("aria-expanded", "false");
  expect(trigger).toHaveTextContent("All levels");
  expect(screen.getByRole("form")).toHaveFormValues({ level: "all" });
  expect(screen.queryByRole("listbox")).toBeNull();
});

test("opening a LazySelect shows its options, and choosing one reports it", async () => {
  const onValueChange = jest.fn();
  render(
    <>
      <label htmlFor="level">Study Level</label>
      <LazySelect
        id="level"
        value="all"
        onValueChange={onValueChange}
        display="All levels"
        options={OPTIONS}
      />
    </>,
  );
  fireEvent.click(screen.getByRole("combobox", { name: "Study Level" }));
  const listbox = await screen.findByRole("listbox", {}, FIRST_LOAD);
  expect(listbox).toHaveTextContent("PhD");
  fireEvent.click(screen.getByRole("option", { name: "PhD" }));
  expect(onValueChange).toHaveBeenCalledWith("PhD");
});

test("a LazySheet opens its dialog on the trigger, and `close` closes it", async () => {
  render(
    <LazySheet
      side="right"
      title="Menu"
      description="Site navigation"
      trigger={(props) => (
        <button type="button" {...props}>
          Open menu
        </button>
      )}
    >
      {(close) => (
        <a href="#x" onClick={close}>
          Somewhere
        </a>
      )}
    </LazySheet>,
  );
  const trigger = screen.getByRole("button", { name: "Open menu" });
  expect(trigger).toHaveAttribute("aria-expanded", "false");
  expect(screen.queryByRole("dialog")).toBeNull();
  fireEvent.click(trigger);
  const dialog = await screen.findByRole("dialog", { name: "Menu" }, FIRST_LOAD);
  expect(trigger).toHaveAttribute("aria-expanded", "true");
  fireEvent.click(screen.getByRole("link", { name: "Somewhere" }));
  expect(dialog).not.toBeInTheDocument();
});
