/** @jest-environment jsdom */
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { TransitionForm, type TransitionFormProps } from "@/components/admin/transition-form";
import { moveApplicationAction } from "@/lib/applications/actions";
import { TRANSITIONS, type TransitionName } from "@/lib/applications/workflow";
import { SENT_BY_SCRIPT_FIELD } from "@/lib/http/form-state";
import { REJECTION_REASON_CODES } from "@/lib/validation/application";
import { changedSinceOpened } from "@/lib/validation/common";
import { REASONS_REQUIRED } from "@/lib/validation/transition-form";

// The application page's form of one move: the fields its transition needs (and only those), the
// action's schema checking them before anything is sent, what is sent, and the server's refusal.

jest.mock("@/lib/applications/actions", () => ({ moveApplicationAction: jest.fn() }));
const router = { replace: jest.fn(), refresh: jest.fn() };
jest.mock("next/navigation", () => ({ useRouter: () => router, unstable_rethrow: () => undefined }));

const action = moveApplicationAction as unknown as jest.Mock;
beforeEach(() => {
  router.replace.mockReset();
  router.refresh.mockReset();
  action.mockReset();
  action.mockResolvedValue({
    message: "The application is now Approved.",
    redirectTo: "/admin/applications/7",
  });
});

function open(transition: TransitionName, props: Partial<TransitionFormProps> = {}) {
  const from = TRANSITIONS.find((t) => t.name === transition)!.from[0];
  return render(
    <TransitionForm
      applicationId={7}
      from={from}
      transition={transition}
      conditions={[]}
      replyBy="2027-03-12"
      interview={null}
      timeZones={["UTC", "Europe/Paris", "Asia/Tokyo"]}
      pageHref="/admin/applications/7"
      {...props}
    />,
  );
}

/** The names of the fields a person fills in (the hidden id, from and status aside). */
function fieldNames(): string[] {
  const form = screen.getByRole("form");
  const names = [...form.querySelectorAll<HTMLInputElement>("input, textarea, select")]
    .filter((element) => element.type !== "hidden")
    .map((element) => element.name);
  return [...new Set(names)];
}

const NOTE = ["note"];
const REASON = ["reason"];
const INTERVIEW = [
  "interview.date",
  "interview.time",
  "interview.timeZone",
  "interview.mode",
  "interview.location",
  "interview.notes",
];
const OFFER = [
  "offer.conditions.0",
  "offer.conditions.1",
  "offer.conditions.2",
  "offer.replyBy",
  "offer.startTerm",
];
const REJECTION = REJECTION_REASON_CODES.flatMap((code) => [
  `reasons.${code}.chosen`,
  `reasons.${code}.detail`,
]);

// Written out by hand: a change to what a transition requires changes its form, and this list.
const FIELDS: Partial<Record<TransitionName, string[]>> = {
  "start-review": NOTE,
  "send-to-university": NOTE,
  "invite-to-interview": INTERVIEW,
  "reschedule-interview": [...REASON, ...INTERVIEW],
  "cancel-interview": REASON,
  "make-offer": [...OFFER, ...NOTE],
  reject: [...REJECTION, ...NOTE],
  "withdraw-offer": REASON,
  "confirm-conditions": NOTE,
  "conditions-not-met": REASON,
  defer: [...REASON, "startTerm"],
  reinstate: NOTE,
  "reinstate-with-conditions": NOTE,
  enrol: NOTE,
  "resume-review": NOTE,
};

test("every transition staff make has its form", () => {
  const staff = TRANSITIONS.filter((t) => t.by.includes("teamAdmin")).map((t) => t.name);
  expect(Object.keys(FIELDS).sort()).toEqual([...staff].sort());
});

test.each(Object.entries(FIELDS))("%s shows the fields it needs, each labelled", (name, expected) => {
  open(name as TransitionName);
  expect(fieldNames().sort()).toEqual([...expected].sort());
  const form = screen.getByRole("form", { name: TRANSITIONS.find((t) => t.name === name)!.label });
  for (const element of form.querySelectorAll<HTMLElement>("input:not([type=hidden]), textarea, select")) {
    expect(element.closest("label") ?? form.querySelector(`label[for="${element.id}"]`)).not.toBeNull();
  }
  expect(screen.getByRole("button", { name: TRANSITIONS.find((t) => t.name === name)!.label })).toBeEnabled();
  expect(screen.getByRole("link", { name: "Cancel" })).toHaveAttribute("href", "/admin/applications/7");
});

const sent = () => Object.fromEntries((action.mock.calls[0][1] as FormData).entries());

test("an offer: conditions added and removed, reply-by 14 days ahead by default, blank lines left out", async () => {
  open("make-offer");
  expect(screen.getByLabelText("Reply by")).toHaveValue("2027-03-12");
  fireEvent.change(screen.getByLabelText("Condition 1"), { target: { value: "IELTS 6.5 overall" } });
  fireEvent.click(screen.getByRole("button", { name: "Add a condition" }));
  expect(screen.getByLabelText("Condition 4")).toBeInTheDocument();
  fireEvent.click(screen.getByRole("button", { name: "Remove condition 2" }));
  fireEvent.change(screen.getByLabelText("Condition 2"), { target: { value: "Final transcript" } });
  fireEvent.click(screen.getByRole("button", { name: "Record an offer" }));

  await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
  expect(sent()).toEqual({
    id: "7",
    from: "sent-to-university",
    status: "approved",
    "offer.conditions.0": "IELTS 6.5 overall",
    "offer.conditions.1": "Final transcript",
    "offer.conditions.2": "",
    "offer.replyBy": "2027-03-12",
    "offer.startTerm": "",
    note: "",
    [SENT_BY_SCRIPT_FIELD]: "1",
  });
  await waitFor(() => expect(router.replace).toHaveBeenCalledWith("/admin/applications/7"));
});

test("a rejection asks for at least one reason, and a sentence for each chosen one, before sending", async () => {
  open("reject");
  const reject = screen.getByRole("button", { name: "Reject" });
  fireEvent.click(reject);
  expect(await screen.findByText(REASONS_REQUIRED)).toBeInTheDocument();
  expect(screen.getAllByRole("checkbox")[0]).toHaveFocus();

  fireEvent.click(screen.getByRole("checkbox", { name: "Grades below what the program requires" }));
  fireEvent.click(reject);
  const detail = screen.getAllByLabelText("What it means for this application")[1];
  expect(
    await screen.findByText("Say in a sentence what this reason means for this application"),
  ).toBeInTheDocument();
  expect(detail).toHaveAttribute("aria-invalid", "true");
  expect(detail).toHaveFocus();
  expect(action).not.toHaveBeenCalled();

  fireEvent.change(detail, { target: { value: "A GPA of 2.1 where 3.0 is required." } });
  fireEvent.click(reject);
  await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
  expect(sent()).toMatchObject({
    status: "rejected",
    "reasons.grades.chosen": "on",
    "reasons.grades.detail": "A GPA of 2.1 where 3.0 is required.",
  });
});

test("a move that needs a reason says so on the reason, and sends nothing", async () => {
  open("cancel-interview");
  fireEvent.click(screen.getByRole("button", { name: "Cancel the interview" }));
  expect(await screen.findByText("Say why, in a sentence: the student reads it")).toBeInTheDocument();
  expect(screen.getByLabelText("Reason")).toHaveFocus();
  expect(action).not.toHaveBeenCalled();
});

test("an interview is sent as its date, time and time zone; a reschedule starts from the last one", async () => {
  open("reschedule-interview", {
    interview: {
      date: "2027-03-12",
      time: "14:30",
      timeZone: "Europe/Paris",
      mode: "in-person",
      location: "Main building, room 4",
      notes: "",
    },
  });
  expect(screen.getByLabelText("Date")).toHaveValue("2027-03-12");
  expect(screen.getByLabelText("Time zone")).toHaveValue("Europe/Paris");
  expect(screen.getByRole("radio", { name: "In person" })).toBeChecked();
  fireEvent.change(screen.getByLabelText("Time"), { target: { value: "16:00" } });
  fireEvent.change(screen.getByLabelText("Reason"), { target: { value: "The panel is away that morning." } });
  fireEvent.click(screen.getByRole("button", { name: "Reschedule the interview" }));
  await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
  expect(sent()).toMatchObject({
    status: "interviewing",
    "interview.date": "2027-03-12",
    "interview.time": "16:00",
    "interview.timeZone": "Europe/Paris",
    "interview.mode": "in-person",
  });
});

const condition = (id: number, text: string, status: "pending" | "met" | "not-met") => ({
  id,
  text,
  status,
  changedBy: status === "pending" ? null : "Ada Admin",
  changedAt: status === "pending" ? null : "2027-03-01T10:00:00.000Z",
});

test("confirming the place lists the conditions marked met", () => {
  open("confirm-conditions", {
    conditions: [condition(1, "IELTS 6.5 overall", "met"), condition(2, "Final transcript", "met")],
  });
  const form = screen.getByRole("form", { name: "Confirm the place" });
  expect(form).toHaveTextContent("Every condition is marked met:");
  expect(form).toHaveTextContent("IELTS 6.5 overall");
});

test("recording the conditions not met lists those marked not met", () => {
  open("conditions-not-met", {
    conditions: [condition(1, "IELTS 6.5 overall", "met"), condition(2, "Final transcript", "not-met")],
  });
  const form = screen.getByRole("form", { name: "Conditions not met" });
  expect(form).toHaveTextContent("Marked not met:");
  expect(form).toHaveTextContent("Final transcript");
  expect(form).not.toHaveTextContent("IELTS 6.5 overall");
});

test("a page older than the application's last move is told so, with a link that reloads it", async () => {
  const message = changedSinceOpened("application");
  action.mockResolvedValue({ status: 409, error: message, fieldErrors: { version: [message] } });
  open("start-review");
  fireEvent.click(screen.getByRole("button", { name: "Start review" }));
  const alert = await screen.findByRole("alert");
  expect(alert).toHaveTextContent(message);
  expect(screen.getByRole("link", { name: "Reload" })).toHaveAttribute("href", "/admin/applications/7");
  expect(router.replace).not.toHaveBeenCalled();
});
