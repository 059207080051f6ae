import { NOTICE_DEFAULTS, noticeOfTransition } from "@/lib/notifications/kinds";
import { recipientsOf, type Candidate } from "@/lib/notifications/tell.server";
import { staffDigestMail } from "@/lib/mail/templates/staff-digest.server";

// Who among the active staff (the applicant already left out) is told of an event, and how the
// digest of a busy day stays readable.

const staff = (id: number, options: Partial<Candidate> = {}): Candidate => ({
  id,
  email: `staff${id}@example.test`,
  fullName: `Staff ${id}`,
  emailVerifiedAt: null,
  delivery: "immediate",
  handles: false,
  handlesAny: false,
  ...options,
});

const handler = staff(1, { handles: true, handlesAny: true });
const otherUniversity = staff(2, { handlesAny: true });
const general = staff(3);
const ids = (told: Candidate[]) => told.map((c) => c.id);

test("a new submission: those who handle the university, never the general team", () => {
  expect(ids(recipientsOf("newSubmission", [handler, otherUniversity, general], null))).toEqual([1]);
  expect(ids(recipientsOf("newSubmission", [otherUniversity, general], null))).toEqual([]);
  // Assigned or not: a new application is the university's handlers' to hear of.
  expect(ids(recipientsOf("newSubmission", [handler, otherUniversity], 2))).toEqual([1]);
});

test("anything else: the assignee, else the handlers, else the staff who handle none", () => {
  const all = [handler, otherUniversity, general];
  expect(ids(recipientsOf("offerReply", all, 2))).toEqual([2]);
  expect(ids(recipientsOf("requestAnswered", all, null))).toEqual([1]);
  expect(ids(recipientsOf("overdue", [otherUniversity, general], null))).toEqual([3]);
  // An assignee no longer among the active staff (or the applicant): as if nobody were assigned.
  expect(ids(recipientsOf("offerReply", all, 99))).toEqual([1]);
});

test("each as they chose: off drops them, and nobody else is told in their place", () => {
  const silentHandler = { ...handler, delivery: "off" as const };
  expect(ids(recipientsOf("requestAnswered", [silentHandler, general], null))).toEqual([]);
  const digestAssignee = { ...otherUniversity, delivery: "digest" as const };
  expect(recipientsOf("offerReply", [handler, digestAssignee], 2)).toEqual([digestAssignee]);
});

test("the defaults, and the kind each team-mailing move is", () => {
  expect(NOTICE_DEFAULTS).toEqual({
    newSubmission: "off",
    requestAnswered: "immediate",
    offerReply: "immediate",
    overdue: "digest",
  });
  expect(noticeOfTransition("mark-inactive")).toBe("overdue");
  for (const name of ["accept-offer", "decline-offer", "decline-by-default", "withdraw"] as const)
    expect(noticeOfTransition(name)).toBe("offerReply");
});

test("a digest of a busy day stays well under the size at which Gmail cuts a message (102 KB)", async () => {
  const entries = Array.from({ length: 150 }, (_, index) => ({
    kind: (["newSubmission", "requestAnswered", "offerReply", "overdue"] as const)[index % 4],
    applicationId: 1000 + index,
    program: {
      name: `Program ${index} with a rather long name`,
      degree: "MSc",
      university: { name: "A University With A Long Name" },
    },
    what: `Student ${index} did something worth knowing about on 2 March 2026.`,
  }));
  const mail = await staffDigestMail(
    { email: "tara@example.com", fullName: "Tara", emailVerifiedAt: null },
    entries,
    "UniSearch",
  );
  expect(mail.subject).toBe("Your daily digest: 150 updates on applications");
  expect(mail.text.match(/^- Program/gm)).toHaveLength(150);
  expect(Buffer.byteLength(mail.html)).toBeLessThan(100_000);

  // A day far busier: each kind lists its first 50 and counts the others.
  const flood = await staffDigestMail(
    { email: "tara@example.com", fullName: "Tara", emailVerifiedAt: null },
    Array.from({ length: 1000 }, (_, index) => ({ ...entries[index % 4], applicationId: index })),
    "UniSearch",
  );
  expect(flood.text.match(/^- Program/gm)).toHaveLength(200);
  expect(flood.text).toContain("New applications (250):");
  expect(flood.text).toContain("And 200 more. See them in the applications list: http");
  expect(Buffer.byteLength(flood.html)).toBeLessThan(100_000);
});
