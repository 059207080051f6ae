/** @jest-environment jsdom */
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { FormState } from "@/lib/http/form-state";
import { NoticePreferencesForm } from "@/components/admin/notice-preferences-form";
import type { NoticePreferences } from "@/lib/notifications/kinds";

// The staff member's e-mail choices on /admin/notifications: a labelled group of radio buttons per
// kind of event, the universities they handle as ticked boxes and the search's matches as boxes to
// tick, sent to the action as the form a browser would post.

const saved: FormData[] = [];
let answer: FormState = { message: "Saved." };
jest.mock("@/lib/notifications/actions", () => ({
  saveNoticePreferencesAction: async (_previous: FormState, data: FormData) => {
    saved.push(data);
    return answer;
  },
}));
const router = { replace: jest.fn(), refresh: jest.fn() };
jest.mock("next/navigation", () => ({ useRouter: () => router, unstable_rethrow: () => undefined }));
jest.mock("next/form", () => ({
  __esModule: true,
  default: ({ scroll: _scroll, ...props }: React.ComponentProps<"form"> & { scroll?: boolean }) => (
    <form {...props} />
  ),
}));
jest.mock("sonner", () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

const preferences: NoticePreferences = {
  choices: { newSubmission: "off", requestAnswered: "immediate", offerReply: "immediate", overdue: "digest" },
  universities: [{ id: 7, name: "Riverside University", country: "New Zealand" }],
  saved: false,
};
const search = {
  q: "harb",
  results: [{ id: 9, name: "Harbour College", country: "Ireland" }],
  total: 1,
  error: null,
};

beforeEach(() => {
  saved.length = 0;
  answer = { message: "Saved." };
  router.refresh.mockReset();
});

test("each kind is a group named by its legend, with the staff member's choice checked", () => {
  render(<NoticePreferencesForm preferences={preferences} search={search} />);
  const overdue = screen.getByRole("group", { name: "Past the decide-by date" });
  expect(within(overdue).getByRole("radio", { name: "In the daily digest" })).toBeChecked();
  expect(within(overdue).getByRole("radio", { name: "Off" })).not.toBeChecked();
  const newOnes = screen.getByRole("group", { name: "New applications" });
  expect(newOnes).toHaveAccessibleDescription(
    /submits an application to a program of a university you handle/,
  );
  expect(within(newOnes).getByRole("radio", { name: "Off" })).toBeChecked();
  expect(screen.getByRole("checkbox", { name: "Riverside University (New Zealand)" })).toBeChecked();
  expect(screen.getByRole("checkbox", { name: "Harbour College (Ireland)" })).not.toBeChecked();
  expect(screen.getByRole("searchbox", { name: "Find a university to add" })).toHaveValue("harb");
});

test("the search's input and button belong to the search's own form, not to the choices'", () => {
  render(<NoticePreferencesForm preferences={preferences} search={search} />);
  const box = screen.getByRole("searchbox", { name: "Find a university to add" }) as HTMLInputElement;
  expect(box.form?.getAttribute("aria-label")).toBe("Find universities");
  expect(box.form?.getAttribute("action")).toBe("/admin/notifications");
  expect((screen.getByRole("button", { name: "Search" }) as HTMLButtonElement).form).toBe(box.form);
  expect(screen.getByRole("button", { name: "Save choices" }).closest("form")).not.toBe(box.form);
});

test("saving sends every choice and the ticked universities, then shows what the server saved", async () => {
  render(<NoticePreferencesForm preferences={preferences} search={search} />);
  fireEvent.click(
    within(screen.getByRole("group", { name: "New applications" })).getByRole("radio", {
      name: "E-mail at once",
    }),
  );
  fireEvent.click(screen.getByRole("checkbox", { name: "Harbour College (Ireland)" }));
  fireEvent.click(screen.getByRole("checkbox", { name: "Riverside University (New Zealand)" }));
  fireEvent.click(screen.getByRole("button", { name: "Save choices" }));
  await waitFor(() => expect(saved).toHaveLength(1));
  expect(saved[0].get("newSubmission")).toBe("immediate");
  expect(saved[0].get("overdue")).toBe("digest");
  expect(saved[0].getAll("universityIds")).toEqual(["9"]);
  expect(saved[0].has("q")).toBe(false);
  expect(await screen.findByText("Saved.")).toBeInTheDocument();
  await waitFor(() => expect(router.refresh).toHaveBeenCalled());
});

test("a university the server refused is said on the universities' fieldset, which is then focused", async () => {
  answer = {
    status: 400,
    error: "One of the universities chosen no longer exists: reload and choose again.",
    fieldErrors: {
      "universityIds.0": ["One of the universities chosen no longer exists: reload and choose again."],
    },
  };
  render(<NoticePreferencesForm preferences={preferences} search={search} />);
  fireEvent.click(screen.getByRole("button", { name: "Save choices" }));
  const universities = await screen.findByRole("group", { name: "Universities you handle" });
  await waitFor(() =>
    expect(universities).toHaveAccessibleDescription(/no longer exists: reload and choose again/),
  );
  expect(screen.getByRole("checkbox", { name: "Riverside University (New Zealand)" })).toHaveFocus();
});
