/** @jest-environment jsdom */
import { render, screen, within } from "@testing-library/react";
import { Timeline } from "@/components/applications/timeline";
import type { HistoryEntry } from "@/lib/applications/history";

// Both sides read the same history: each event's meaning (the table's for the team, words
// addressed to the student for the student), who made it (the staff member's name, or "the
// admissions team"), and what was recorded with it. Events from before the transition table
// name no transition and are read from their statuses.

const entry = (fields: Partial<HistoryEntry> & Pick<HistoryEntry, "to">): HistoryEntry => ({
  at: "2027-02-01T10:00:00.000Z",
  from: null,
  transition: null,
  note: null,
  reason: null,
  data: null,
  by: "Ada Student",
  ...fields,
});

const HISTORY: HistoryEntry[] = [
  entry({ to: "pending" }),
  // Written before the table: no transition name.
  entry({ from: "pending", to: "in-review", by: "Rowan Reviewer", note: "Transcript received." }),
  entry({
    from: "in-review",
    to: "sent-to-university",
    transition: "send-to-university",
    by: "Rowan Reviewer",
  }),
  entry({
    from: "sent-to-university",
    to: "interviewing",
    transition: "invite-to-interview",
    by: "Rowan Reviewer",
    data: {
      interview: {
        startsAt: "2027-03-12T14:30:00+01:00",
        timeZone: "Europe/Paris",
        mode: "online",
        location: "https://meet.example/abc",
      },
    },
  }),
  entry({
    from: "interviewing",
    to: "approved",
    transition: "make-offer",
    by: "Rowan Reviewer",
    data: { offer: { conditions: ["IELTS 6.5 overall", "Final transcript"], replyBy: "2027-03-26" } },
  }),
  entry({
    from: "approved",
    to: "conditions-pending",
    transition: "accept-offer",
    data: { conditions: ["IELTS 6.5 overall", "Final transcript"] },
  }),
  entry({
    from: "conditions-pending",
    to: "deferred",
    transition: "defer",
    by: "Rowan Reviewer",
    reason: "The student asked to start a year later.",
    data: { startTerm: "September 2028" },
  }),
];

const items = () => screen.getAllByTestId("history-entry");

test("the team reads the table's meaning, the staff member's name, and every detail", () => {
  render(<Timeline history={HISTORY} reader="staff" />);
  const [submitted, legacy, sent, interview, offer, accepted, deferred] = items();
  expect(submitted).toHaveTextContent("The student submitted the application.");
  expect(submitted).toHaveTextContent("Submitted (Pending) · 1 February 2027 at 10:00 UTC · by Ada Student");
  expect(legacy).toHaveTextContent("The status changed from Pending to In Review.");
  expect(legacy).toHaveTextContent("by Rowan Reviewer");
  expect(legacy).toHaveTextContent("Note to the student");
  expect(sent).toHaveTextContent("The admissions team sent the application to the university.");
  expect(interview).toHaveTextContent("Friday, 12 March 2027 at 14:30 CET (Europe/Paris)");
  expect(within(interview).getByRole("link", { name: "https://meet.example/abc" })).toHaveAttribute(
    "href",
    "https://meet.example/abc",
  );
  expect(offer).toHaveTextContent("The university offered a place.");
  expect(
    within(offer)
      .getAllByRole("listitem")
      .map((li) => li.textContent),
  ).toEqual(["IELTS 6.5 overall", "Final transcript"]);
  expect(offer).toHaveTextContent("Reply by 26 March 2027.");
  expect(accepted).toHaveTextContent("by Ada Student");
  expect(accepted).toHaveTextContent("Conditions to meet:");
  expect(deferred).toHaveTextContent("Reason: The student asked to start a year later.");
  expect(deferred).toHaveTextContent("New start: September 2028");
});

test("the student reads words addressed to them, and 'the admissions team' for staff", () => {
  render(<Timeline history={HISTORY} reader="student" />);
  const [submitted, legacy, , interview, offer, accepted] = items();
  expect(submitted).toHaveTextContent("Your application was received and waits for the admissions team.");
  expect(submitted).toHaveTextContent("by you");
  expect(legacy).toHaveTextContent("The admissions team is reviewing your application.");
  expect(legacy).toHaveTextContent("Pending → In Review · 1 February 2027 · by the admissions team");
  expect(legacy).toHaveTextContent("Note from the admissions team");
  expect(interview).toHaveTextContent("The university invited you to an interview.");
  expect(offer).toHaveTextContent("The university offered you a place.");
  expect(accepted).toHaveTextContent("You accepted the offer.");
  expect(accepted).toHaveTextContent("by you");
  expect(screen.queryByText(/Rowan Reviewer/)).toBeNull();
});

test("a rejection shows each reason with its detail; the scheduled jobs' moves are automatic", () => {
  render(
    <Timeline
      reader="student"
      history={[
        entry({
          from: "sent-to-university",
          to: "inactive",
          transition: "mark-inactive",
          by: null,
        }),
        entry({
          from: "inactive",
          to: "rejected",
          transition: "reject",
          by: "Rowan Reviewer",
          data: {
            reasons: [
              { code: "grades", detail: "A GPA of 2.1 where 3.0 is required." },
              { code: "unknown", detail: "Not a reason of the list: left out." },
            ],
          },
        }),
      ]}
    />,
  );
  const [inactive, rejected] = items();
  expect(inactive).toHaveTextContent("automatically");
  expect(
    within(rejected)
      .getAllByRole("listitem")
      .map((li) => li.textContent),
  ).toEqual(["Grades below what the program requires: A GPA of 2.1 where 3.0 is required."]);
});

test("a place that is not a web address, or an unknown time zone, is shown as text", () => {
  render(
    <Timeline
      reader="staff"
      history={[
        entry({
          from: "sent-to-university",
          to: "interviewing",
          transition: "invite-to-interview",
          data: {
            interview: {
              startsAt: "2027-03-12T13:30:00Z",
              timeZone: "Mars/Olympus",
              mode: "in-person",
              location: "javascript:alert(1)",
            },
          },
        }),
      ]}
    />,
  );
  expect(items()[0]).toHaveTextContent("Friday, 12 March 2027 at 13:30 UTC (UTC)");
  expect(items()[0]).toHaveTextContent("In person: javascript:alert(1)");
  expect(screen.queryByRole("link")).toBeNull();
});

/** A request's four steps on a pending application: the team asks, the student uploads and answers, the team closes. */
const REQUEST_STEPS: HistoryEntry[] = [
  entry({
    from: "pending",
    to: "pending",
    transition: "request-document",
    by: "Rowan Reviewer",
    data: { request: { id: 7, documentType: "Transcript", message: "Page 2 is missing." } },
  }),
  entry({
    from: "pending",
    to: "pending",
    transition: "upload-requested-document",
    data: { request: { id: 7, documentType: "Transcript" }, document: { id: 9, name: "all-pages.pdf" } },
  }),
  entry({
    from: "pending",
    to: "pending",
    transition: "answer-request",
    data: { request: { id: 7, documentType: "Transcript" }, answer: "Here are all pages." },
  }),
  entry({
    from: "pending",
    to: "pending",
    transition: "close-request",
    by: "Rowan Reviewer",
    data: { request: { id: 7, documentType: "Transcript" } },
  }),
  entry({
    from: "pending",
    to: "pending",
    transition: "request-document",
    by: "Rowan Reviewer",
    data: { request: { id: 8, documentType: null, message: "Is the year 2021?" } },
  }),
];

test("a request's steps: what was asked, sent and answered, and who did each, for both readers", () => {
  const { unmount } = render(<Timeline history={REQUEST_STEPS} reader="staff" />);
  const [asked, uploaded, answered, closed, correction] = items();
  expect(asked).toHaveTextContent("The admissions team asked for the Transcript.");
  expect(asked).toHaveTextContent("Still Pending");
  expect(asked).toHaveTextContent("by Rowan Reviewer");
  expect(asked).toHaveTextContent("Message: Page 2 is missing.");
  expect(uploaded).toHaveTextContent(
    "The student uploaded a new version of the Transcript in answer to a request.",
  );
  expect(uploaded).toHaveTextContent("File: all-pages.pdf");
  expect(uploaded).toHaveTextContent("by Ada Student");
  expect(answered).toHaveTextContent("The student answered the request for the Transcript.");
  expect(answered).toHaveTextContent("Answer: Here are all pages.");
  expect(closed).toHaveTextContent("The admissions team closed the request for the Transcript.");
  expect(correction).toHaveTextContent("The admissions team asked for a correction.");
  expect(correction).toHaveTextContent("Message: Is the year 2021?");
  unmount();

  render(<Timeline history={REQUEST_STEPS} reader="student" />);
  const words = items().map((item) => item.querySelector("p")?.textContent);
  expect(words).toEqual([
    "The admissions team asked you for your Transcript.",
    "You uploaded a new version of your Transcript as asked.",
    "You answered the request for your Transcript.",
    "The admissions team closed the request for your Transcript.",
    "The admissions team asked you for a correction.",
  ]);
  expect(items()[1]).toHaveTextContent("by you");
  expect(items()[3]).toHaveTextContent("by the admissions team");
  expect(screen.queryByText(/Rowan Reviewer/)).toBeNull();
});

test("a move that closed the application lists the requests it closed with it, for both readers", () => {
  const withdrawn = entry({
    from: "in-review",
    to: "withdrawn",
    transition: "withdraw",
    data: {
      closedRequests: [
        { id: 1, documentType: "Transcript", status: "open" },
        { id: 2, documentType: null, status: "answered" },
      ],
    },
  });
  for (const reader of ["staff", "student"] as const) {
    const { unmount } = render(<Timeline history={[withdrawn]} reader={reader} />);
    const [item] = items();
    expect(item).toHaveTextContent("Requests closed with the application:");
    expect(
      within(item)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Transcript", "A correction"]);
    unmount();
  }
});
