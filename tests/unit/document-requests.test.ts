import {
  acceptsRequests,
  closedLine,
  closedRequestsOf,
  closesRequests,
  noRequestsMessage,
  requestEventOf,
  requestSubject,
  REQUEST_EVENTS,
} from "@/lib/applications/requests";
import { APPLICATION_STATUSES } from "@/lib/applications/status";
import { isOpen, TRANSITIONS } from "@/lib/applications/workflow";

// The rules of the team's requests that both sides' pages read: which applications take one, what
// the refusal says, and how the history's events are read back.

test("requests are made and answered while the application is open, and the refusal names when", () => {
  for (const status of APPLICATION_STATUSES) expect(acceptsRequests(status)).toBe(isOpen(status));
  expect(noRequestsMessage("withdrawn")).toBe(
    "Documents and corrections are asked for while an application is open (Pending, In Review, Sent to University, Interview, Approved, Conditions Pending, Place Confirmed, Deferred, Inactive); this application is Withdrawn.",
  );
});

test("a request's subject: its document type, or a correction", () => {
  expect(requestSubject({ documentType: "Passport" })).toBe("Passport");
  expect(requestSubject({ documentType: null })).toBe("A correction");
});

test("the history's request events are read back, and nothing else is", () => {
  expect(
    requestEventOf({
      transition: REQUEST_EVENTS.answered,
      data: { request: { id: 1, documentType: "CV" }, answer: "Done." },
    }),
  ).toEqual({ step: "answered", documentType: "CV", message: null, answer: "Done.", file: null });
  // Whatever the stored data holds, only text is read from it.
  expect(
    requestEventOf({
      transition: REQUEST_EVENTS.requested,
      data: { request: { documentType: 5, message: ["x"] } },
    }),
  ).toEqual({ step: "requested", documentType: null, message: null, answer: null, file: null });
  expect(requestEventOf({ transition: "make-offer", data: { request: { documentType: "CV" } } })).toBeNull();
  expect(requestEventOf({ transition: null, data: null })).toBeNull();
});

test("a move that closes the application closes its requests; a move between open statuses does not", () => {
  for (const status of APPLICATION_STATUSES) expect(closesRequests(status)).toBe(!acceptsRequests(status));
  const closing = TRANSITIONS.filter((t) => closesRequests(t.to)).map((t) => t.name);
  expect(closing).toEqual([
    "reject",
    "decline-offer",
    "decline-by-default",
    "withdraw-offer",
    "conditions-not-met",
    "enrol",
    "withdraw",
  ]);
  expect(closesRequests("inactive")).toBe(false);
  // No move leaves a closed status, so nothing could reopen a request closed with its application.
  expect(TRANSITIONS.filter((t) => t.from.some((from) => !acceptsRequests(from)))).toEqual([]);
});

test("a closed request says who closed it, or that it closed with the application", () => {
  const byTeam = { closedBy: "Ana Lima", closedWith: null };
  expect(closedLine(byTeam, "staff")).toEqual({ lead: "Closed by Ana Lima", tail: "" });
  expect(closedLine({ ...byTeam, closedBy: null }, "staff")).toEqual({
    lead: "Closed by a removed account",
    tail: "",
  });
  expect(closedLine(byTeam, "student")).toEqual({ lead: "Closed by the admissions team", tail: "" });

  const withdrawn = { closedBy: "Robin Moreau", closedWith: "withdrawn" as const };
  expect(closedLine(withdrawn, "staff")).toEqual({
    lead: "Closed with the application (Withdrawn) by Robin Moreau",
    tail: "",
  });
  expect(closedLine(withdrawn, "student")).toEqual({
    lead: "Closed with your application (Withdrawn)",
    tail: ": there is nothing more to send.",
  });
  const byJobs = { closedBy: null, closedWith: "offer-declined" as const };
  expect(closedLine(byJobs, "staff")).toEqual({
    lead: "Closed automatically with the application (Offer Declined)",
    tail: "",
  });
  expect(closedLine(byJobs, "student").lead).toBe("Closed with your application (Offer Declined)");
});

test("the requests a move closed are read back from its event, and nothing else is", () => {
  expect(
    closedRequestsOf({
      reasons: [],
      closedRequests: [
        { id: 3, documentType: "Transcript", status: "open" },
        { id: 4, documentType: null, status: "answered" },
        { id: "5", documentType: "CV", status: "open" },
        { id: 6, documentType: 7, status: "closed" },
        null,
      ],
    }),
  ).toEqual([
    { id: 3, documentType: "Transcript", status: "open" },
    { id: 4, documentType: null, status: "answered" },
  ]);
  expect(closedRequestsOf({ closedRequests: "Transcript" })).toEqual([]);
  expect(closedRequestsOf(null)).toEqual([]);
  expect(closedRequestsOf({ offer: {} })).toEqual([]);
});
