/** @jest-environment jsdom */
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { PendingEmail } from "@/components/user/pending-email";
import { cancelEmailChangeAction, resendVerificationAction } from "@/lib/users/actions";
import { EMAIL_CHANGE_CANCELLED } from "@/lib/users/profile-messages";

// The profile's notice of a new e-mail address that waits for its link: what it says, and its
// two buttons (server actions, mocked here).

jest.mock("@/lib/users/actions", () => ({
  cancelEmailChangeAction: jest.fn(),
  resendVerificationAction: jest.fn(),
}));

const cancel = cancelEmailChangeAction as jest.MockedFunction<typeof cancelEmailChangeAction>;
const resend = resendVerificationAction as jest.MockedFunction<typeof resendVerificationAction>;

beforeEach(() => jest.clearAllMocks());

function renderNotice() {
  render(<PendingEmail email="ana@example.com" pendingEmail="ana.new@example.com" />);
}

test("names the pending address, says to check the inbox, and that the account keeps its address", () => {
  renderNotice();
  expect(screen.getByText("Pending: ana.new@example.com, check your inbox")).toBeVisible();
  expect(screen.getByTestId("pending-email")).toHaveTextContent(
    "Open the link we sent to ana.new@example.com within 24 hours to make it your account's email address. " +
      "Until then your account keeps ana@example.com",
  );
});

test("Cancel change calls its action and shows the answer", async () => {
  cancel.mockResolvedValue({ message: EMAIL_CHANGE_CANCELLED });
  renderNotice();
  fireEvent.click(screen.getByRole("button", { name: "Cancel change" }));
  expect(await screen.findByRole("status")).toHaveTextContent(EMAIL_CHANGE_CANCELLED);
  expect(cancel).toHaveBeenCalledTimes(1);
  expect(resend).not.toHaveBeenCalled();
});

test("Resend link calls its action; a refusal is shown as an alert", async () => {
  resend.mockResolvedValue({ status: 429, error: "Too many links were sent. Try again later." });
  renderNotice();
  fireEvent.click(screen.getByRole("button", { name: "Resend link" }));
  await waitFor(() => expect(resend).toHaveBeenCalledTimes(1));
  expect(await screen.findByRole("alert")).toHaveTextContent("Too many links were sent. Try again later.");
  expect(cancel).not.toHaveBeenCalled();
});
