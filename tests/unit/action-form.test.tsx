/** @jest-environment jsdom */
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { ActionForm, useActionForm } from "@/components/forms/action-state";
import { NETWORK_FAILURE } from "@/lib/http/client";
import { SENT_BY_SCRIPT_FIELD, type FormState } from "@/lib/http/form-state";
import { z } from "@/lib/validation/zod";

const router = { replace: jest.fn(), refresh: jest.fn() };
jest.mock("next/navigation", () => ({
  useRouter: () => router,
  unstable_rethrow: () => undefined,
}));

beforeEach(() => {
  router.replace.mockReset();
  router.refresh.mockReset();
});

// One submission path: the form's server action, whether the page is hydrated or not. Once it is,
// the fields are checked with the action's schema first; a valid form goes to the same action,
// whose answer is what the form shows.

const schema = z.object({ email: z.string().email("Enter a valid email address") });

function EmailForm({
  action,
  onFailure,
  onSuccess,
  followRedirect,
}: {
  action: (previous: FormState, data: FormData) => Promise<FormState>;
  onFailure?: (state: FormState) => void;
  onSuccess?: (state: FormState) => void;
  followRedirect?: boolean;
}) {
  const { state, dispatch, form, onSubmit, pending } = useActionForm<{ email: string }>({
    action,
    schema,
    defaults: { email: "" },
    onFailure,
    onSuccess,
    followRedirect,
  });
  const error = form.formState.errors.email?.message;
  return (
    <ActionForm
      action={dispatch}
      onSubmit={onSubmit}
      state={state}
      failureTitle="Not sent"
      successTitle="Sent"
    >
      <label htmlFor="email">Email</label>
      <input id="email" {...form.register("email")} />
      {error && <p>{error}</p>}
      <button type="submit" disabled={pending}>
        Send
      </button>
    </ActionForm>
  );
}

const send = (email: string) => {
  fireEvent.change(screen.getByLabelText("Email"), { target: { value: email } });
  fireEvent.click(screen.getByRole("button", { name: "Send" }));
};

test("an invalid form is not sent: the schema's message shows on its field", async () => {
  const action = jest.fn(async () => ({}));
  render(<EmailForm action={action} />);
  send("not an address");
  expect(await screen.findByText("Enter a valid email address")).toBeTruthy();
  expect(action).not.toHaveBeenCalled();
});

test("a valid form goes to the server action with its fields; a success is shown and reported", async () => {
  const action = jest.fn(async (_previous: FormState, data: FormData) => ({
    message: `Sent to ${String(data.get("email"))}`,
  }));
  const onSuccess = jest.fn();
  render(<EmailForm action={action} onSuccess={onSuccess} />);
  send("ada@example.test");
  expect(await screen.findByText("Sent to ada@example.test")).toBeTruthy();
  expect(action).toHaveBeenCalledTimes(1);
  expect(onSuccess).toHaveBeenCalledWith({ message: "Sent to ada@example.test" });
});

test("a refusal puts the field's message on its field and is reported once", async () => {
  const refusal = {
    status: 409,
    error: "An account with this email already exists",
    fieldErrors: { email: ["An account with this email already exists"] },
  };
  const action = jest.fn(async () => refusal);
  const onFailure = jest.fn();
  render(<EmailForm action={action} onFailure={onFailure} />);
  send("taken@example.test");
  expect(await screen.findByText("An account with this email already exists")).toBeTruthy();
  await waitFor(() => expect(onFailure).toHaveBeenCalledTimes(1));
  expect(onFailure).toHaveBeenCalledWith(refusal);
});

test("a refusal without field messages shows the message above the form", async () => {
  const action = jest.fn(async () => ({ status: 503, error: "The service is busy. Try again in a minute." }));
  render(<EmailForm action={action} />);
  send("ada@example.test");
  expect((await screen.findByRole("alert")).textContent).toContain(
    "The service is busy. Try again in a minute.",
  );
});

test("the form sent by its script says so, so that the action answers instead of redirecting", async () => {
  const action = jest.fn(async (_previous: FormState, data: FormData) => ({
    message: data.get(SENT_BY_SCRIPT_FIELD) === "1" ? "answered" : "redirected",
  }));
  render(<EmailForm action={action} />);
  send("ada@example.test");
  expect(await screen.findByText("answered")).toBeTruthy();
});

test("a success naming where to go next is told, then the page goes there", async () => {
  const onSuccess = jest.fn();
  const action = jest.fn(async () => ({ redirectTo: "/user/dash", result: { userId: 7 } }));
  render(<EmailForm action={action} onSuccess={onSuccess} />);
  send("ada@example.test");
  await waitFor(() => expect(router.replace).toHaveBeenCalledWith("/user/dash"));
  expect(onSuccess).toHaveBeenCalledWith({ redirectTo: "/user/dash", result: { userId: 7 } });
  // The button stays disabled while the next page loads: the form cannot be sent twice.
  expect(screen.getByRole("button", { name: "Send" })).toHaveProperty("disabled", true);
});

test("a form that stays put handles the success itself", async () => {
  const onSuccess = jest.fn();
  const action = jest.fn(async () => ({ redirectTo: "/user/dash", result: { userId: 7 } }));
  render(<EmailForm action={action} onSuccess={onSuccess} followRedirect={false} />);
  send("ada@example.test");
  await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
  expect(router.replace).not.toHaveBeenCalled();
});

test("an action that cannot be reached is a refusal saying to check the connection", async () => {
  const onFailure = jest.fn();
  const action = jest.fn(async () => {
    throw new TypeError("Failed to fetch");
  });
  render(<EmailForm action={action} onFailure={onFailure} />);
  send("ada@example.test");
  expect((await screen.findByRole("alert")).textContent).toContain(NETWORK_FAILURE);
  expect(onFailure).toHaveBeenCalledWith({ status: 0, error: NETWORK_FAILURE });
  expect(screen.getByRole("button", { name: "Send" })).toHaveProperty("disabled", false);
});
