/** @jest-environment jsdom */
import * as kit from "../support/dialog-kit";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { StatusUpdateButton } from "@/components/admin/status-update-button";
import { StatusUpdateDialog } from "@/components/admin/status-update-dialog";
import type { ApplicationStatus } from "@/lib/applications/status";
import { PERMISSIONS, type Permission } from "@/lib/auth/staff-permissions";
import { changedSinceOpened } from "@/lib/validation/common";

// The Update status dialog: statusChangeSchema's messages before sending, the PATCH body (with the
// status it was opened with), the pending label, the toast, and the server's refusal or field
// errors inside the dialog (a stale dialog's with a Reload button). One dialog serves the page's
// rows: each row's button (server-rendered, its application in data-* attributes) opens it.

const TRIGGER = "Update status of Rowan Lee's application";

const open = (status: ApplicationStatus = "in-review", permissions: readonly Permission[] = PERMISSIONS) =>
  kit.openDialog(
    <>
      <StatusUpdateButton
        application={{ id: 9, status, studentName: "Rowan Lee", programName: "Data Science" }}
      />
      <StatusUpdateDialog permissions={permissions} />
    </>,
    TRIGGER,
    "Update status",
  );

const save = () => fireEvent.click(screen.getByRole("button", { name: "Save" }));

test("Save without a status says 'Choose the new status' and sends nothing", async () => {
  open();
  save();
  expect(await screen.findByText("Choose the new status")).toBeInTheDocument();
  expect(screen.getByRole("combobox", { name: "New status" })).toHaveAttribute("aria-invalid", "true");
  expect(kit.fetchMock).not.toHaveBeenCalled();
});

test("sends the status and the trimmed note, shows 'Saving…', then toasts, closes and refreshes", async () => {
  const held = kit.heldAnswer(kit.answer(200, {}));
  kit.fetchMock.mockReturnValue(held.promise);
  open();
  kit.choose("New status", "Sent to University");
  fireEvent.change(screen.getByLabelText("Note for the student (optional)"), {
    target: { value: "  Forwarded to the university.  " },
  });
  expect(screen.getByText("32/2000 characters")).toBeInTheDocument();
  save();

  expect(await screen.findByRole("button", { name: "Saving…" })).toBeDisabled();
  expect(kit.sent()).toEqual([
    {
      url: "/api/applications/9",
      method: "PATCH",
      body: { status: "sent-to-university", from: "in-review", note: "Forwarded to the university." },
    },
  ]);
  await kit.releaseAndClose(held, ["Status updated", "Rowan Lee's application is now Sent to University."]);
  expect(kit.mockRouter.refresh).toHaveBeenCalledTimes(1);
});

test("a single allowed move is preselected, and an empty note is not sent", async () => {
  kit.fetchMock.mockResolvedValue(kit.answer(200, {}));
  open("pending");
  expect(screen.getByRole("combobox", { name: "New status" })).toHaveTextContent("In Review");
  save();
  await waitFor(() => expect(kit.toastSuccess).toHaveBeenCalled());
  expect(kit.sent()[0].body).toEqual({ status: "in-review", from: "pending" });
});

test("the server's refusal is shown in the dialog, which stays open", async () => {
  kit.fetchMock.mockResolvedValue(
    kit.answer(422, {
      error: "An application cannot move from Approved to Rejected. Approved is a final status.",
    }),
  );
  const dialog = open();
  kit.choose("New status", "Rejected");
  save();
  expect(await screen.findByRole("alert")).toHaveTextContent("Approved is a final status.");
  expect(dialog).toBeInTheDocument();
  expect(kit.toastSuccess).not.toHaveBeenCalled();
  expect(kit.mockRouter.refresh).not.toHaveBeenCalled();
});

test("a dialog opened before a colleague's change says so and offers a reload", async () => {
  const message = changedSinceOpened("application");
  kit.fetchMock.mockResolvedValue(kit.answer(409, { error: message, fieldErrors: { version: [message] } }));
  const dialog = open();
  kit.choose("New status", "Rejected");
  save();
  expect(await screen.findByRole("alert")).toHaveTextContent(message);
  expect(screen.getByRole("button", { name: "Reload" })).toBeInTheDocument();
  expect(dialog).toBeInTheDocument();
  expect(kit.mockRouter.refresh).not.toHaveBeenCalled();
});

test("the server's field errors land on their fields", async () => {
  kit.fetchMock.mockResolvedValue(kit.fieldRefusal("note", "The note must be at most 2000 characters"));
  open();
  kit.choose("New status", "Rejected");
  save();
  expect(await screen.findByText("The note must be at most 2000 characters")).toBeInTheDocument();
  expect(screen.getByLabelText("Note for the student (optional)")).toHaveAttribute("aria-invalid", "true");
  expect(screen.queryByRole("alert")).not.toBeInTheDocument();
});

test("an offer waits for the student's reply: the dialog says the next step is not the team's", () => {
  const dialog = open("approved");
  expect(dialog).toHaveTextContent("Approved: the next step is the student's, or needs more than a note.");
  expect(screen.queryByRole("combobox")).not.toBeInTheDocument();
});

test("without the permission to make decisions, a rejection is not offered and the dialog says whom to ask", async () => {
  kit.fetchMock.mockResolvedValue(kit.answer(200, {}));
  const dialog = open("in-review", ["export-data"]);
  expect(dialog).toHaveTextContent(
    "Decisions are not offered here. Ask a super admin for the permission to make decisions.",
  );
  fireEvent.click(screen.getByRole("combobox", { name: "New status" }));
  expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual(["Sent to University"]);
});

test("without the permission to make decisions, a place waiting on its conditions offers no move", () => {
  const dialog = open("conditions-pending", []);
  expect(dialog).toHaveTextContent("Ask a super admin for the permission to make decisions.");
  expect(screen.queryByRole("combobox")).not.toBeInTheDocument();
});

test("with every permission, nothing is said about decisions", () => {
  const dialog = open("in-review");
  expect(dialog).not.toHaveTextContent("Ask a super admin");
});

test("a final status offers no move, only Close", () => {
  const dialog = open("enrolled");
  expect(dialog).toHaveTextContent("Enrolled is a final status; this application cannot move any further.");
  expect(screen.queryByRole("combobox")).not.toBeInTheDocument();
  // The footer's Close, before the corner's.
  fireEvent.click(screen.getAllByRole("button", { name: "Close" })[0]);
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
});

test("each opening starts afresh", async () => {
  open();
  save();
  expect(await screen.findByText("Choose the new status")).toBeInTheDocument();
  fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
  fireEvent.click(screen.getByRole("button", { name: TRIGGER }));
  expect(screen.queryByText("Choose the new status")).not.toBeInTheDocument();
  expect(screen.getByRole("combobox", { name: "New status" })).toHaveTextContent("Choose a status");
});

test("one dialog for the page: each row's button opens it on its own application, and the focus goes back to it", async () => {
  kit.fetchMock.mockResolvedValue(kit.answer(200, {}));
  const row = (id: number, status: ApplicationStatus, studentName: string, programName: string) => (
    <li>
      <StatusUpdateButton application={{ id, status, studentName, programName }} />
    </li>
  );
  kit.openDialog(
    <>
      <ul>
        {row(9, "in-review", "Rowan Lee", "Data Science")}
        {row(12, "pending", "Ada Obi", "Law")}
      </ul>
      <StatusUpdateDialog permissions={PERMISSIONS} />
    </>,
    TRIGGER,
    "Update status",
  );
  expect(screen.getByRole("dialog")).toHaveTextContent("Rowan Lee, Data Science");
  fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" });
  await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  expect(screen.getByRole("button", { name: TRIGGER })).toHaveFocus();

  const second = screen.getByRole("button", { name: "Update status of Ada Obi's application" });
  second.focus();
  fireEvent.click(second);
  const dialog = screen.getByRole("dialog", { name: "Update status" });
  expect(dialog).toHaveTextContent("Ada Obi, Law");
  expect(screen.getByRole("combobox", { name: "New status" })).toHaveTextContent("In Review");
  save();
  await waitFor(() => expect(kit.toastSuccess).toHaveBeenCalled());
  expect(kit.sent()[0]).toMatchObject({ url: "/api/applications/12", body: { from: "pending" } });
});

test("without a script, a row's button is a form that goes to the application's next step", () => {
  const { container } = render(
    <StatusUpdateButton
      application={{ id: 9, status: "in-review", studentName: "Rowan Lee", programName: "Data Science" }}
    />,
  );
  const form = container.querySelector("form")!;
  expect(form).toHaveAttribute("action", "/admin/applications/9#next-step");
  expect(form).not.toHaveAttribute("method", "post");
  expect(screen.getByRole("button", { name: TRIGGER })).toHaveAttribute("type", "submit");
});
