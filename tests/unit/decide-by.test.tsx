/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import { DecideBy } from "@/components/admin/decide-by";

// Staff see when a decision is due while an application waits for one, marked overdue once the
// day is over (at its end, in the program's time zone).

test("an undecided application shows its decide-by date, not overdue on the day itself", () => {
  render(
    <DecideBy
      status="in-review"
      decideBy="2027-03-12"
      timeZone="UTC"
      now={new Date("2027-03-12T23:59:59.000Z")}
    />,
  );
  expect(screen.getByText("12 March 2027")).toHaveAttribute("datetime", "2027-03-12");
  expect(screen.getByText(/^Decide by/)).toBeInTheDocument();
  expect(screen.queryByText("Overdue")).toBeNull();
});

test("once the day is over it is marked overdue, also when the job made the application inactive", () => {
  const { rerender } = render(
    <DecideBy
      status="pending"
      decideBy="2027-03-12"
      timeZone="UTC"
      now={new Date("2027-03-13T00:00:00.000Z")}
    />,
  );
  expect(screen.getByText("Overdue")).toBeInTheDocument();
  rerender(
    <DecideBy
      status="inactive"
      decideBy="2027-03-12"
      timeZone="UTC"
      now={new Date("2027-03-20T00:00:00.000Z")}
    />,
  );
  expect(screen.getByText("Overdue")).toBeInTheDocument();
});

test("a decided application shows no decide-by date", () => {
  for (const status of ["approved", "rejected", "withdrawn", "enrolled"] as const) {
    const { container, unmount } = render(
      <DecideBy
        status={status}
        decideBy="2027-03-12"
        timeZone="UTC"
        now={new Date("2027-04-01T00:00:00.000Z")}
      />,
    );
    expect(container).toBeEmptyDOMElement();
    unmount();
  }
});

test("the day ends in the program's zone: in Los Angeles it is not overdue yet at midnight UTC", () => {
  const { rerender } = render(
    <DecideBy
      status="pending"
      decideBy="2027-03-12"
      timeZone="America/Los_Angeles"
      now={new Date("2027-03-13T07:59:59.000Z")}
    />,
  );
  expect(screen.queryByText("Overdue")).toBeNull();
  rerender(
    <DecideBy
      status="pending"
      decideBy="2027-03-12"
      timeZone="America/Los_Angeles"
      now={new Date("2027-03-13T08:00:00.000Z")}
    />,
  );
  expect(screen.getByText("Overdue")).toBeInTheDocument();
});
