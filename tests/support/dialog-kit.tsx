// What the dialog tests share (tests/unit, jsdom): a fake router and sonner, a fetch that answers
// what the test says and records what was sent, and the pointer APIs Radix's Select needs in jsdom.
// Import it before the components under test, so its mocks are in place when they load.
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { toast } from "sonner";

export const mockRouter = { push: jest.fn(), replace: jest.fn(), refresh: jest.fn() };
jest.mock("next/navigation", () => ({ useRouter: () => mockRouter }));
jest.mock("sonner", () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

export const toastSuccess = toast.success as jest.Mock;
export const toastError = toast.error as jest.Mock;

type Answer = { ok: boolean; status: number; statusText: string; text: () => Promise<string> };

/** What apiFetch reads from a fetch Response (jsdom has no Response class). */
export function answer(status: number, body: unknown = ""): Answer {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  return { ok: status >= 200 && status < 300, status, statusText: "", text: async () => text };
}

export const fetchMock = jest.fn<Promise<Answer>, [string, RequestInit?]>();

/** An answer that waits until `release` is called: the moment to look at pending states. */
export function heldAnswer(final: Answer) {
  let release = () => {};
  const promise = new Promise<Answer>((resolve) => (release = () => resolve(final)));
  return { promise, release: () => release() };
}

/** The requests sent so far: method, URL and the parsed JSON body. */
export function sent() {
  return fetchMock.mock.calls.map(([url, init]) => ({
    url,
    method: init?.method ?? "GET",
    body: typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined,
  }));
}

beforeAll(() => {
  Object.assign(Element.prototype, {
    hasPointerCapture: () => false,
    setPointerCapture: () => {},
    releasePointerCapture: () => {},
    scrollIntoView: () => {},
  });
});

beforeEach(() => {
  jest.clearAllMocks();
  fetchMock.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
});

/** Opens the select named `combobox` and picks `option`, as a keyboard user would. */
export function choose(combobox: string, option: string) {
  fireEvent.keyDown(screen.getByRole("combobox", { name: combobox }), { key: "Enter" });
  fireEvent.click(screen.getByRole("option", { name: option }));
}

/** The server's 400 for one field: its message as the error and on the field (lib/http/route.server.ts). */
export function fieldRefusal(field: string, message: string) {
  return answer(400, { error: message, fieldErrors: { [field]: [message] } });
}

/** Renders `ui`, clicks the button named `trigger` and returns the dialog named `name`. */
export function openDialog(ui: React.ReactElement, trigger: string, name: string) {
  render(ui);
  fireEvent.click(screen.getByRole("button", { name: trigger }));
  return screen.getByRole("dialog", { name });
}

/**
 * Lets a held answer through, waits until the dialog (or the confirmation, `alertdialog`) has
 * closed, and checks the success toast.
 */
export async function releaseAndClose(
  held: { release: () => void },
  toast: [title: string, description: string],
  role: "dialog" | "alertdialog" = "dialog",
) {
  await act(async () => held.release());
  await waitFor(() => expect(screen.queryByRole(role)).not.toBeInTheDocument());
  expect(toastSuccess).toHaveBeenCalledWith(toast[0], { description: toast[1] });
}
