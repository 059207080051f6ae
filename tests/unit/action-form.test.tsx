/** @jest-environment jsdom */
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { ActionForm, useActionForm } from "@/components/forms/action-state";
import type { FormState } from "@/lib/http/form-state";
import { z } from "@/lib/validation/zod";

// One submission path: the form's server action, whether the page is hydrated or not. Once it is,
// the fields are checked with the action's schema first; a valid form goes to the same action,
// whose answer is what the form shows.

const schema = z.object({ email: z.string().email("Enter a valid email address") });

function EmailForm({
  action,
  onFailure,
  onSuccess,
}: {
  action: (previous: FormState, data: FormData) => Promise<FormState>;
  onFailure?: (state: FormState) => void;
  onSuccess?: (state: FormState) => void;
}) {
  const { state, dispatch, form, onSubmit, pending } = useActionForm<{ email: string }>({
    action,
    schema,
    defaults: { email: "" },
    onFailure,
    onSuccess,
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
