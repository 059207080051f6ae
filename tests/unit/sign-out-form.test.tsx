/** @jest-environment jsdom */
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { toast } from "sonner";
import { SignOutForm } from "@/components/layout/sign-out-form";
import { signOutAction } from "@/lib/auth/actions";
import { NETWORK_FAILURE, UNKNOWN_FAILURE } from "@/lib/http/client";

jest.mock("sonner", () => ({ toast: { error: jest.fn() } }));
jest.mock("@/lib/auth/actions", () => ({ signOutAction: jest.fn() }));

const action = signOutAction as jest.MockedFunction<typeof signOutAction>;

beforeEach(() => jest.clearAllMocks());

function signOut() {
  render(
    <SignOutForm>
      <button type="submit">Sign Out</button>
    </SignOutForm>,
  );
  fireEvent.click(screen.getByRole("button", { name: "Sign Out" }));
}

test("signing out calls the action and shows no toast", async () => {
  action.mockResolvedValue({});
  signOut();
  await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
  expect(toast.error).not.toHaveBeenCalled();
});

test("a sign-out the network cannot carry shows the destructive 'Logout failed' toast with the reason", async () => {
  action.mockRejectedValue(new TypeError("Failed to fetch"));
  signOut();
  await waitFor(() =>
    expect(toast.error).toHaveBeenCalledWith("Logout failed", { description: NETWORK_FAILURE }),
  );
});

test("a server error while signing out shows 'Logout failed' too", async () => {
  action.mockRejectedValue(new Error("An error occurred in the Server Components render."));
  signOut();
  await waitFor(() =>
    expect(toast.error).toHaveBeenCalledWith("Logout failed", { description: UNKNOWN_FAILURE }),
  );
});

test("a sign-out the server refuses shows 'Logout failed' with its message", async () => {
  action.mockResolvedValue({ status: 403, error: "Requests from other sites are not allowed." });
  signOut();
  await waitFor(() =>
    expect(toast.error).toHaveBeenCalledWith("Logout failed", {
      description: "Requests from other sites are not allowed.",
    }),
  );
});
