/** @jest-environment jsdom */
import { fireEvent, render, screen } from "@testing-library/react";
import { CompareBar, CompareBox } from "@/components/search/compare-bar";

// The Compare ticks of a results page, kept in the tab's sessionStorage across pages.

function ResultsPage({ ids }: { ids: number[] }) {
  return (
    <form aria-label="Compare programs">
      {ids.map((id) => (
        <CompareBox key={id} id={id} name={`Program ${id}`} />
      ))}
      <CompareBar pageIds={ids} />
    </form>
  );
}

const box = (id: number) => screen.getByRole("checkbox", { name: `Compare Program ${id}` });
const sent = () =>
  new FormData(screen.getByRole("form", { name: "Compare programs" }) as HTMLFormElement).getAll("ids");

// First: the module reads the storage once, as a page load does.
test("a page load reads the tab's selection, ignoring anything malformed", () => {
  sessionStorage.setItem("unisearch.compare", JSON.stringify([7, "x", -1, 7, 8]));
  render(<ResultsPage ids={[7]} />);
  expect(box(7)).toBeChecked();
  expect(screen.getByRole("status")).toHaveTextContent("2 of 4 programs selected.");
  expect(sent()).toEqual(["7", "8"]);
  fireEvent.click(screen.getByRole("button", { name: "Clear" }));
});

test("ticks on one page go with the form of the next, up to 4, until Clear", () => {
  const first = render(<ResultsPage ids={[1, 2, 3]} />);
  fireEvent.click(box(1));
  fireEvent.click(box(2));
  expect(screen.getByRole("status")).toHaveTextContent("2 of 4 programs selected.");
  first.unmount();

  render(<ResultsPage ids={[4, 5, 6]} />);
  expect(box(4)).not.toBeChecked();
  expect(screen.getByRole("status")).toHaveTextContent("2 of 4 programs selected.");
  fireEvent.click(box(4));
  fireEvent.click(box(5));
  fireEvent.click(box(6));
  expect(box(6)).not.toBeChecked();
  expect(screen.getByRole("status")).toHaveTextContent(
    "4 of 4 programs selected. You can compare at most 4 programs at a time. Untick one, or press Clear.",
  );
  expect(sent()).toEqual(["4", "5", "1", "2"]);
  expect(JSON.parse(sessionStorage.getItem("unisearch.compare")!)).toEqual([1, 2, 4, 5]);

  fireEvent.click(box(4));
  expect(screen.getByRole("status")).toHaveTextContent("3 of 4 programs selected.");
  fireEvent.click(screen.getByRole("button", { name: "Clear" }));
  expect(screen.getByRole("status")).toHaveTextContent("Tick Compare on 2 to 4 programs.");
  expect(sent()).toEqual([]);
  expect(sessionStorage.getItem("unisearch.compare")).toBe("[]");
});
