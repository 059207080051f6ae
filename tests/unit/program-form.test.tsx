/** @jest-environment jsdom */
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { ProgramForm } from "@/components/admin/program-form";
import { PROGRAM_FIELDS, STUDY_LEVELS } from "@/lib/constants";
import type { ProgramDto } from "@/lib/programs/queries.server";
import { changedSinceOpened } from "@/lib/validation/common";
import { PROGRAM_KEEPS_UNIVERSITY } from "@/lib/validation/program-form";

// The program form in the browser: SPEC's messages before anything is sent, the tuition box's
// commas, the body sent on update (ISO deadline, tuition without commas, the version it was opened
// with), the toasts, a refused stale save, and the university kept by a program with applications.

const push = jest.fn();
const refresh = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ push, refresh }) }));

const toastSuccess = jest.fn();
const toastError = jest.fn();
jest.mock("sonner", () => ({
  toast: {
    success: (...args: unknown[]) => toastSuccess(...args),
    error: (...args: unknown[]) => toastError(...args),
  },
}));

/** What apiFetch reads from a fetch Response (jsdom has no Response class). */
function answer(status: number, body = "") {
  return { ok: status >= 200 && status < 300, status, statusText: "", text: async () => body };
}

const fetchMock = jest.fn();
/** The answer of the program endpoints; the university search always answers an empty list. */
let programAnswer = answer(200, "{}");

beforeEach(() => {
  jest.clearAllMocks();
  fetchMock.mockImplementation(async (url: string) =>
    url.startsWith("/api/universities") ? answer(200, "[]") : programAnswer,
  );
  global.fetch = fetchMock as unknown as typeof fetch;
});

const programCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).startsWith("/api/programs"));

const program: ProgramDto = {
  id: 12,
  universityId: 42,
  name: "Data Science",
  description: "Statistics and machine learning.",
  level: "Master's",
  field: "Computer Science",
  degree: "MSc",
  duration: 2,
  tuition: "12000.50",
  currency: "USD",
  deadline: "2099-03-15T00:00:00.000Z",
  timeZone: "Europe/Berlin",
  version: 3,
  requiredDocuments: ["Transcript"],
  optionalDocuments: [],
  referencesRequired: 0,
  minGrade: 60,
  minIelts: 6.5,
  minToefl: null,
  minDuolingo: null,
  minCambridge: null,
  startTerms: ["2027-09"],
  tuitionHome: null,
  applicationFee: "75.00",
  visaSponsorship: true,
  university: {
    id: 42,
    name: "Test University",
    slug: "test-university",
    country: "Chile",
    countryCode: "CL",
  },
};

function renderForm(props: { program?: ProgramDto; hasApplications?: boolean } = {}) {
  return render(
    <ProgramForm
      levels={[...STUDY_LEVELS]}
      fields={[...PROGRAM_FIELDS]}
      timeZones={["UTC", "Europe/Berlin", "America/Los_Angeles"]}
      documentTypes={["Transcript", "Passport", "CV"]}
      {...props}
    />,
  );
}

test("adding: an empty form shows SPEC's messages and sends nothing", async () => {
  renderForm();
  expect(screen.getByRole("button", { name: "Create Program" })).toBeInTheDocument();
  expect(screen.getByRole("button", { name: /Application Deadline/ })).toHaveTextContent("Pick a date");
  expect(screen.getByLabelText("Tuition")).toHaveAttribute("placeholder", "0.00");
  fireEvent.click(screen.getByRole("button", { name: "Create Program" }));
  for (const message of [
    "Program name is required",
    "University is required",
    "Study level is required",
    "Study field is required",
    "Degree is required",
    "Duration is required",
    "Please enter a valid amount (e.g., 12,000.00)",
    "Deadline is required",
    "Description is required",
  ]) {
    expect(await screen.findByText(message)).toBeInTheDocument();
  }
  expect(screen.getByLabelText("Program Name")).toHaveAttribute("aria-invalid", "true");
  expect(programCalls()).toHaveLength(0);
});

test("the deadline's time zone: a new program's is left to the university's country, an edit shows its own", () => {
  const { unmount } = renderForm();
  const zone = screen.getByLabelText("Deadline time zone");
  expect(zone).toHaveValue("");
  expect(zone).toHaveDisplayValue("The university's country's (UTC where it has several)");
  expect(zone).toHaveAccessibleDescription(
    "Applications close at 23:59 on the deadline day in this zone (the university's).",
  );
  unmount();
  renderForm({ program: { ...program, timeZone: "Asia/Kolkata" } });
  // A zone stored through the API that the list names otherwise is still offered, and selected.
  expect(screen.getByLabelText("Deadline time zone")).toHaveValue("Asia/Kolkata");
  expect(screen.queryByRole("option", { name: /university's country/ })).toBeNull();
});

test("the tuition box inserts commas and refuses letters and a third decimal", () => {
  renderForm();
  const tuition = screen.getByLabelText("Tuition");
  fireEvent.change(tuition, { target: { value: "1234567" } });
  expect(tuition).toHaveValue("1,234,567");
  fireEvent.change(tuition, { target: { value: "1,234,567.891a" } });
  expect(tuition).toHaveValue("1,234,567.89");
});

test("editing: starts with the program's values and sends them, tuition without commas", async () => {
  renderForm({ program });
  expect(screen.getByLabelText("Program Name")).toHaveValue("Data Science");
  expect(screen.getByLabelText("Tuition")).toHaveValue("12,000.50");
  expect(screen.getByRole("combobox", { name: "University" })).toHaveTextContent("Test University (Chile)");
  expect(screen.getByRole("button", { name: /Application Deadline/ })).toHaveTextContent("15 March 2099");

  fireEvent.change(screen.getByLabelText("Program Name"), { target: { value: "Applied Data Science" } });
  // What the program asks for: the transcript stays required, a CV becomes optional.
  expect(screen.getByLabelText("Transcript")).toHaveValue("required");
  fireEvent.change(screen.getByLabelText("CV"), { target: { value: "optional" } });
  fireEvent.change(screen.getByLabelText("References needed"), { target: { value: "2" } });
  programAnswer = answer(200, JSON.stringify(program));
  fireEvent.click(screen.getByRole("button", { name: "Update Program" }));

  await waitFor(() => expect(push).toHaveBeenCalledWith("/admin/programs"));
  expect(programCalls()).toHaveLength(1);
  const [url, init] = programCalls()[0];
  expect(url).toBe("/api/programs/12");
  expect(init.method).toBe("PATCH");
  expect(JSON.parse(init.body)).toEqual({
    name: "Applied Data Science",
    universityId: 42,
    level: "Master's",
    field: "Computer Science",
    degree: "MSc",
    duration: 2,
    tuition: "12000.50",
    currency: "USD",
    deadline: "2099-03-15T00:00:00.000Z",
    timeZone: "Europe/Berlin",
    description: "Statistics and machine learning.",
    requiredDocuments: ["Transcript"],
    optionalDocuments: ["CV"],
    referencesRequired: 2,
    // The requirements come back as they were: blank ones as null (not stated).
    minGrade: 60,
    minIelts: 6.5,
    minToefl: null,
    minDuolingo: null,
    minCambridge: null,
    startTerms: ["2027-09"],
    tuitionHome: null,
    applicationFee: "75.00",
    visaSponsorship: true,
    version: 3,
  });
  expect(toastSuccess).toHaveBeenCalledWith("Success", { description: "Program updated successfully" });
});

test("a refusal toasts 'Error' with the server's message and shows its field message", async () => {
  renderForm({ program });
  programAnswer = answer(
    400,
    JSON.stringify({
      error: "Please select a valid university",
      fieldErrors: { universityId: ["Please select a valid university"] },
    }),
  );
  fireEvent.click(screen.getByRole("button", { name: "Update Program" }));
  expect(await screen.findByText("Please select a valid university")).toBeInTheDocument();
  expect(toastError).toHaveBeenCalledWith("Error", { description: "Please select a valid university" });
  expect(push).not.toHaveBeenCalled();
});

test("a save refused because someone else saved first says so and offers a reload", async () => {
  renderForm({ program });
  const message = changedSinceOpened("program");
  programAnswer = answer(409, JSON.stringify({ error: message, fieldErrors: { version: [message] } }));
  fireEvent.click(screen.getByRole("button", { name: "Update Program" }));
  expect(await screen.findByRole("alert")).toHaveTextContent(message);
  expect(screen.getByRole("button", { name: "Reload" })).toBeInTheDocument();
  expect(push).not.toHaveBeenCalled();
});

test("a program with applications keeps its university: the picker is disabled and says why", () => {
  renderForm({ program, hasApplications: true });
  const picker = screen.getByRole("combobox", { name: "University" });
  expect(picker).toBeDisabled();
  expect(picker).toHaveAccessibleDescription(PROGRAM_KEEPS_UNIVERSITY);
  renderForm({ program: { ...program, id: 13 } });
  expect(screen.getAllByRole("combobox", { name: "University" })[1]).toBeEnabled();
});
