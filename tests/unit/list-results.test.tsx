/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import { ListResults } from "@/components/admin/list-results";
import { NoResults } from "@/components/search/search-page-parts";

// Empty states say what is empty: nothing yet, nothing matching the search, or a page past the
// last (with a link to the last page, not a count of nonsense).

const hrefFor = (page: number) => `/admin/messages?page=${page}`;
const list = (props: { total: number; page: number; lastPage: number; filtered: boolean }) => (
  <ListResults
    noun={["message", "messages"]}
    shown={0}
    hrefFor={hrefFor}
    emptyHint="Try another name."
    {...props}
  >
    <table />
  </ListResults>
);

test("an admin list with nothing in it says so, with no advice about a search nobody made", () => {
  render(list({ total: 0, page: 1, lastPage: 1, filtered: false }));
  expect(screen.getByText("No messages yet")).toBeInTheDocument();
  expect(screen.queryByText("Try another name.")).toBeNull();
});

test("a search that matches nothing says so and how to widen it", () => {
  render(list({ total: 0, page: 1, lastPage: 1, filtered: true }));
  expect(screen.getByText("No messages found")).toBeInTheDocument();
  expect(screen.getByText("Try another name.")).toBeInTheDocument();
});

test("a page past the last says so and links to the last page", () => {
  render(list({ total: 45, page: 9, lastPage: 3, filtered: false }));
  expect(screen.getByText("There is no page 9")).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Go to the last page" })).toHaveAttribute(
    "href",
    "/admin/messages?page=3",
  );
});

test("a search page past the last links to the last page; one with no match to clear the filters", () => {
  const { unmount } = render(
    <NoResults
      title="No programs match your search"
      page={3000}
      lastPage={2826}
      lastPageHref="/programs?page=2826"
      clearHref="/programs"
    />,
  );
  expect(screen.getByText("There is no page 3000")).toBeInTheDocument();
  expect(screen.getByText("The results end on page 2,826.")).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Go to the last page" })).toHaveAttribute(
    "href",
    "/programs?page=2826",
  );
  unmount();
  render(
    <NoResults
      title="No programs match your search"
      page={1}
      lastPage={1}
      lastPageHref="/programs"
      clearHref="/programs"
    />,
  );
  expect(screen.getByText("No programs match your search")).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Clear all filters" })).toHaveAttribute("href", "/programs");
});
