/** @jest-environment jsdom */
import * as kit from "../support/dialog-kit";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { DeleteButton } from "@/components/admin/delete-button";
import { UserStatusButton } from "@/components/admin/user-status-button";
import { WithdrawButton } from "@/components/applications/withdraw-button";

// The shared confirm-then-act button (components/forms/confirm-button.tsx) through its three users:
// the confirmation, the request, the pending label, the toasts and the re-render of the page.

function renderDelete() {
  return render(
    <DeleteButton
      endpoint="/api/programs/12"
      name="Data Science"
      title="Delete Program"
      description="Are you sure you want to delete Data Science? This action cannot be undone."
      warning="Deleting this program will remove all associated data including applications."
      confirmLabel="Delete Program"
      successMessage="Program deleted successfully"
    />,
  );
}

test("Cancel closes the confirmation without sending anything", () => {
  renderDelete();
  fireEvent.click(screen.getByRole("button", { name: "Delete Data Science" }));
  const dialog = screen.getByRole("alertdialog", { name: "Delete Program" });
  expect(dialog).toHaveTextContent(
    "Are you sure you want to delete Data Science? This action cannot be undone.",
  );
  expect(dialog).toHaveTextContent(
    "Deleting this program will remove all associated data including applications.",
  );
  fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
  expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
  expect(kit.fetchMock).not.toHaveBeenCalled();
});

test("confirming sends DELETE, stays open and disabled while pending, then toasts, closes and refreshes", async () => {
  const held = kit.heldAnswer(kit.answer(204));
  kit.fetchMock.mockReturnValue(held.promise);
  renderDelete();
  fireEvent.click(screen.getByRole("button", { name: "Delete Data Science" }));
  fireEvent.click(screen.getByRole("button", { name: "Delete Program" }));

  expect(kit.sent()).toEqual([{ url: "/api/programs/12", method: "DELETE", body: undefined }]);
  expect(screen.getByRole("button", { name: "Delete Program" })).toBeDisabled();
  expect(screen.getByRole("button", { name: "Cancel" })).toBeDisabled();
  fireEvent.keyDown(screen.getByRole("alertdialog"), { key: "Escape" });
  expect(screen.getByRole("alertdialog")).toBeInTheDocument();

  await kit.releaseAndClose(held, ["Success", "Program deleted successfully"], "alertdialog");
  expect(kit.mockRouter.refresh).toHaveBeenCalledTimes(1);
});

test("a refusal toasts 'Error' with the server's message and keeps the confirmation open", async () => {
  kit.fetchMock.mockResolvedValue(kit.answer(409, { error: "3 programs use it." }));
  renderDelete();
  fireEvent.click(screen.getByRole("button", { name: "Delete Data Science" }));
  fireEvent.click(screen.getByRole("button", { name: "Delete Program" }));
  await waitFor(() =>
    expect(kit.toastError).toHaveBeenCalledWith("Error", { description: "3 programs use it." }),
  );
  expect(screen.getByRole("alertdialog")).toBeInTheDocument();
  expect(screen.getByRole("button", { name: "Delete Program" })).toBeEnabled();
  expect(kit.mockRouter.refresh).not.toHaveBeenCalled();
});

test("withdrawing: 'Withdrawing...' while pending, then the withdrawal toast", async () => {
  const held = kit.heldAnswer(kit.answer(204));
  kit.fetchMock.mockReturnValue(held.promise);
  render(<WithdrawButton applicationId={7} programName="Data Science" />);
  fireEvent.click(screen.getByRole("button", { name: "Withdraw the application to Data Science" }));
  const dialog = screen.getByRole("alertdialog", { name: "Withdraw this application?" });
  expect(dialog).toHaveTextContent(
    "The admissions team and the university stop working on your application to Data Science; an offer it holds is given up. It stays in your list as withdrawn, and you can apply again before the deadline.",
  );
  fireEvent.click(screen.getByRole("button", { name: "Withdraw" }));
  expect(screen.getByRole("button", { name: "Withdrawing..." })).toBeDisabled();
  expect(kit.sent()).toEqual([{ url: "/api/applications/7", method: "DELETE", body: undefined }]);

  await kit.releaseAndClose(
    held,
    ["Application withdrawn", "Your application to Data Science has been withdrawn."],
    "alertdialog",
  );
});

test("a refused withdrawal says so and re-renders the page (its status may have changed)", async () => {
  kit.fetchMock.mockResolvedValue(kit.answer(409, { error: "Only a pending application can be withdrawn." }));
  render(<WithdrawButton applicationId={7} programName="Data Science" />);
  fireEvent.click(screen.getByRole("button", { name: "Withdraw the application to Data Science" }));
  fireEvent.click(screen.getByRole("button", { name: "Withdraw" }));
  await waitFor(() =>
    expect(kit.toastError).toHaveBeenCalledWith("Could not withdraw the application", {
      description: "Only a pending application can be withdrawn.",
    }),
  );
  expect(kit.mockRouter.refresh).toHaveBeenCalledTimes(1);
});

test("deactivating asks first and sends { isActive: false }; activating sends at once", async () => {
  kit.fetchMock.mockResolvedValue(kit.answer(200, {}));
  const { rerender } = render(
    <UserStatusButton user={{ id: 5, fullName: "Nora Reyes", isActive: true, version: 2 }} />,
  );
  fireEvent.click(screen.getByRole("button", { name: "Deactivate Nora Reyes" }));
  expect(screen.getByRole("alertdialog", { name: "Deactivate Nora Reyes?" })).toHaveTextContent(
    "They are signed out at once and cannot sign in until an admin activates the account again. Their applications are kept.",
  );
  fireEvent.click(screen.getByRole("button", { name: "Deactivate" }));
  await waitFor(() =>
    expect(kit.toastSuccess).toHaveBeenCalledWith("User deactivated", {
      description: "Nora Reyes has been signed out.",
    }),
  );
  expect(kit.sent()).toEqual([
    { url: "/api/users/5", method: "PATCH", body: { isActive: false, version: 2 } },
  ]);

  rerender(<UserStatusButton user={{ id: 5, fullName: "Nora Reyes", isActive: false, version: 3 }} />);
  fireEvent.click(screen.getByRole("button", { name: "Activate Nora Reyes" }));
  expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
  await waitFor(() =>
    expect(kit.toastSuccess).toHaveBeenCalledWith("User activated", {
      description: "Nora Reyes can sign in again.",
    }),
  );
  expect(kit.sent()[1]).toEqual({
    url: "/api/users/5",
    method: "PATCH",
    body: { isActive: true, version: 3 },
  });
  expect(kit.mockRouter.refresh).toHaveBeenCalledTimes(2);
});
