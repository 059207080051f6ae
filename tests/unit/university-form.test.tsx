/** @jest-environment jsdom */
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { toast } from "sonner";
import { UniversityForm } from "@/components/admin/university-form";
import type { UniversityDto } from "@/lib/universities/queries.server";
import { changedSinceOpened } from "@/lib/validation/common";

// The University form's behaviour around the server: what it sends, its toasts,
// its pending labels, and the warning for a stored country that is not in the list.

jest.mock("sonner", () => ({ toast: { error: jest.fn(), warning: jest.fn(), success: jest.fn() } }));
const push = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ push, refresh: jest.fn() }) }));

const countries = [
  { code: "FR", name: "France" },
  { code: "NZ", name: "New Zealand" },
];

const stored: UniversityDto = {
  id: 12,
  name: "Harbour University",
  slug: "harbour-university",
  country: "New Zealand",
  countryCode: "NZ",
  description: "By the sea.",
  mainImage: "/uploads/0123456789abcdef0123456789abcdef.png",
  images: [],
  ranking: 40,
  rankingSource: "QS",
  rankingYear: 2026,
  version: 4,
  webPage: null,
};

function answer(status: number, body = "") {
  return { ok: status >= 200 && status < 300, status, statusText: "", text: async () => body };
}

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  push.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
  jest.mocked(toast.error).mockClear();
  jest.mocked(toast.success).mockClear();
  jest.mocked(toast.warning).mockClear();
});

test("adding: the schema's messages, without a request", async () => {
  render(<UniversityForm countries={countries} />);
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Create University" })));
  expect(await screen.findByText("University name is required")).toBeInTheDocument();
  expect(screen.getByText("Country is required")).toBeInTheDocument();
  expect(screen.getByRole("alert")).toHaveTextContent("Name and country are required");
  expect(fetchMock).not.toHaveBeenCalled();
});

test("'Name and country are required' only when both are missing", async () => {
  render(<UniversityForm countries={countries} />);
  fireEvent.change(screen.getByLabelText("University Name"), { target: { value: "Harbour University" } });
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Create University" })));
  expect(await screen.findByText("Country is required")).toBeInTheDocument();
  expect(screen.queryByText("Name and country are required")).not.toBeInTheDocument();
  expect(fetchMock).not.toHaveBeenCalled();
});

test("editing: sends the country as its name with a slug, says 'Updating...', toasts and goes back", async () => {
  let finish: (value: ReturnType<typeof answer>) => void = () => {};
  fetchMock.mockReturnValueOnce(new Promise((resolve) => (finish = resolve)));
  render(<UniversityForm countries={countries} university={stored} />);
  expect(screen.getByRole("combobox", { name: "Country" })).toHaveTextContent("New Zealand");
  fireEvent.change(screen.getByLabelText("University Name"), { target: { value: "Harbour Institute" } });
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Update University" })));

  expect(await screen.findByRole("button", { name: "Updating..." })).toBeDisabled();
  expect(fetchMock).toHaveBeenCalledWith(
    "/api/universities/12",
    expect.objectContaining({ method: "PATCH" }),
  );
  expect(JSON.parse(fetchMock.mock.calls[0][1].body)).toEqual({
    name: "Harbour Institute",
    slug: "harbour-institute",
    country: "New Zealand",
    description: "By the sea.",
    mainImage: "/uploads/0123456789abcdef0123456789abcdef.png",
    images: [],
    ranking: 40,
    rankingSource: "QS",
    rankingYear: 2026,
    webPage: null,
    version: 4,
  });
  await act(async () => finish(answer(200, JSON.stringify(stored))));
  await waitFor(() => expect(push).toHaveBeenCalledWith("/admin/universities"));
  expect(toast.success).toHaveBeenCalledWith("Success", { description: "University updated successfully" });
  expect(toast.warning).not.toHaveBeenCalled();
});

test("a save refused because someone else saved first says so and offers a reload", async () => {
  const message = changedSinceOpened("university");
  fetchMock.mockResolvedValueOnce(
    answer(409, JSON.stringify({ error: message, fieldErrors: { version: [message] } })),
  );
  render(<UniversityForm countries={countries} university={stored} />);
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Update University" })));
  expect(await screen.findByRole("alert")).toHaveTextContent(message);
  expect(screen.getByRole("button", { name: "Reload" })).toBeInTheDocument();
  expect(push).not.toHaveBeenCalled();
});

test("the website: shown for editing, checked as the import checks it, and sent", async () => {
  fetchMock.mockResolvedValueOnce(answer(200, JSON.stringify(stored)));
  render(
    <UniversityForm countries={countries} university={{ ...stored, webPage: "https://old.example.edu/" }} />,
  );
  const website = screen.getByLabelText("Website");
  expect(website).toHaveValue("https://old.example.edu/");

  fireEvent.change(website, { target: { value: "www.example.edu" } });
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Update University" })));
  expect(
    await screen.findByText("Enter the website as a full address, e.g. https://www.example.edu/"),
  ).toBeInTheDocument();
  expect(website).toHaveAttribute("aria-invalid", "true");
  expect(fetchMock).not.toHaveBeenCalled();

  fireEvent.change(website, { target: { value: " https://www.harbour.example.ac.nz/study " } });
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Update University" })));
  await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  expect(JSON.parse(fetchMock.mock.calls[0][1].body)).toMatchObject({
    webPage: "https://www.harbour.example.ac.nz/study",
  });
});

test("a ranking without its source is refused on the source field, and nothing is sent", async () => {
  render(
    <UniversityForm
      countries={countries}
      university={{ ...stored, rankingSource: null, rankingYear: null }}
    />,
  );
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Update University" })));
  expect(
    await screen.findByText("Enter the ranking's source (who published it, e.g. QS), or clear the ranking"),
  ).toBeInTheDocument();
  expect(screen.getByLabelText("Ranking source")).toHaveAttribute("aria-invalid", "true");
  expect(fetchMock).not.toHaveBeenCalled();
});

test("a refusal shows the server's message on its field and in an 'Error' toast", async () => {
  fetchMock.mockResolvedValueOnce(
    answer(
      400,
      JSON.stringify({
        error: "Please select a valid country",
        fieldErrors: { country: ["Please select a valid country"] },
      }),
    ),
  );
  render(<UniversityForm countries={countries} university={stored} />);
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Update University" })));
  expect(await screen.findByText("Please select a valid country")).toBeInTheDocument();
  expect(toast.error).toHaveBeenCalledWith("Error", { description: "Please select a valid country" });
  expect(push).not.toHaveBeenCalled();
  expect(screen.getByRole("button", { name: "Update University" })).toBeEnabled();
});

test("a failure without a message falls back to 'Failed to update university'", async () => {
  fetchMock.mockResolvedValueOnce(answer(502, "<html>Bad gateway</html>"));
  render(<UniversityForm countries={countries} university={stored} />);
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Update University" })));
  await waitFor(() =>
    expect(toast.error).toHaveBeenCalledWith("Error", { description: "Failed to update university" }),
  );
});

test("a stored country missing from the list: 'Warning' toast, and the country must be chosen again", async () => {
  render(<UniversityForm countries={countries} university={{ ...stored, country: "Atlantis" }} />);
  await waitFor(() =>
    expect(toast.warning).toHaveBeenCalledWith("Warning", {
      description: "Could not find matching country code for: Atlantis",
    }),
  );
  expect(toast.warning).toHaveBeenCalledTimes(1);
  expect(screen.getByRole("combobox", { name: "Country" })).toHaveTextContent("Select country");
});
