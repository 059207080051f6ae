import {
  acceptsRequests,
  noRequestsMessage,
  requestEventOf,
  requestSubject,
  REQUEST_EVENTS,
} from "@/lib/applications/requests";
import { APPLICATION_STATUSES } from "@/lib/applications/status";
import { isOpen } from "@/lib/applications/workflow";

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
