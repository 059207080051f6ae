import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// The application form's server draft against the ways a browser brings back an old copy of the
// form: another tab still open after the application was sent from this one.

const STATEMENT = (
  "I have wanted to study this subject since I built my first radio at school, and the years since " +
  "have only deepened that wish. "
).repeat(6);

async function savedDraft(page: Page, programId: number) {
  const response = await page.request.get(`/api/applications/drafts/${programId}`);
  return (await response.json()) as { data: { personalStatement: string } } | null;
}

test("a tab still open after the application was sent says so and does not bring the draft back", async ({
  student,
  university,
}) => {
  const { page, context } = student;
  const { program } = university;

  await page.goto(`/apply/${program.id}`);
  const statement = page.getByLabel("Personal Statement");
  await statement.fill("Half a statement, typed in this tab.");
  await expect(page.getByText("Draft saved")).toBeVisible();

  // The student sends the application from another tab.
  const other = await context.newPage();
  const sent = await other.request.post("/api/applications", {
    data: {
      programId: program.id,
      personalStatement: STATEMENT,
      academicHistory: { institution: "Lincoln High", degree: "Diploma", gpa: "3.9", graduationYear: 2024 },
    },
  });
  expect(sent.status()).toBe(201);
  await other.close();

  // This tab keeps typing: its autosave is refused and the form says why, with a link.
  await statement.fill("Half a statement, typed in this tab, and a little more.");
  await expect(page.getByRole("alert").getByText("You have already applied to this program")).toBeVisible();
  await expect(page.getByRole("link", { name: "Follow it under My Applications" })).toHaveAttribute(
    "href",
    "/user/applications",
  );
  await expect(page.getByText("Draft saved")).toBeHidden();
  expect(await savedDraft(page, program.id)).toBeNull();

  // Leaving the page sends nothing back either.
  await statement.fill("One more sentence before closing the tab.");
  await page.goto("/user/applications");
  expect(await savedDraft(page, program.id)).toBeNull();
});
