import { makePdf } from "../support/documents";
import { expectNoAccessibilityViolations } from "./axe";
import { applyTo, expect, test } from "./fixtures";

// After submission the team asks for a document on the application's page; the student sees
// Action required on My Applications, uploads a new version and answers; the team finds the
// application among those answered, sees what was sent and closes the request.

test("the team requests a transcript; the student uploads and answers; the team closes the request", async ({
  student,
  teamAdmin,
  university,
}) => {
  // A deliberate budget: both sides' pages, an upload, three form posts and two axe scans.
  test.slow();
  const { id } = await applyTo(student.page.request, university.program.id);
  const admin = teamAdmin.page;

  // The team asks for the transcript, saying what is wrong.
  await admin.goto(`/admin/applications/${id}`);
  const ask = admin.getByRole("form", { name: "Request a document or correction" });
  await ask.getByLabel("What to ask for").selectOption("Transcript");
  await ask.getByLabel("Message to the student").fill("Your transcript is missing its second page.");
  await ask.getByRole("button", { name: "Send the request" }).click();
  await expect(admin.getByText("The student was asked by e-mail: Transcript.")).toBeVisible();
  const requests = admin.getByRole("list", { name: "Requests to the student" });
  const asked = requests.getByTestId("document-request");
  await expect(asked).toContainText("Your transcript is missing its second page.");
  await expect(asked.locator("[data-request-status]")).toHaveText("Waiting for the student");
  await expect(ask.getByLabel("Message to the student")).toHaveValue("");

  // The student sees what to do.
  const { page } = student;
  await page.goto("/user/applications");
  const item = page.getByTestId("application-item").filter({ hasText: university.program.name });
  await expect(item.getByText("Action required").first()).toBeVisible();
  const request = item.getByTestId("document-request");
  await expect(request).toContainText("Your transcript is missing its second page.");
  await expectNoAccessibilityViolations(page);

  // Answering first is refused, saying to upload; then the upload and the answer go through.
  await request.getByRole("button", { name: "Send to the team" }).click();
  await expect(
    request.getByText("Upload the document asked for first, then answer the request."),
  ).toBeVisible();
  await request.getByLabel("Upload Transcript").setInputFiles({
    name: "transcript-complete.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from(await makePdf()),
  });
  await expect(request.getByRole("status")).toHaveText("Transcript uploaded.");
  await expect(request.getByText("transcript-complete.pdf")).toBeVisible();
  await request.getByLabel("Message to the team (optional)").fill("Both pages are there now.");
  await request.getByRole("button", { name: "Send to the team" }).click();
  await expect(page.getByText("Your answer was sent to the admissions team.")).toBeVisible();
  await expect(request.locator("[data-request-status]")).toHaveText("Answered, with the team");
  await expect(item.getByText("Action required")).toHaveCount(0);

  // The team finds it among the applications answered, and closes the request.
  await admin.goto("/admin/applications?requests=answered");
  const rows = admin.getByRole("list", { name: /^Applications, / }).getByRole("listitem");
  await expect(rows.filter({ hasText: student.account.fullName })).toContainText("1 request answered");
  await admin.goto(`/admin/applications/${id}`);
  await expect(asked.locator("[data-request-status]")).toHaveText("Answered");
  await expect(asked).toContainText("Both pages are there now.");
  await expect(asked.getByText("transcript-complete.pdf")).toBeVisible();
  // The documents list marks the new version.
  await expect(admin.locator("[data-requested-version]")).toHaveCount(1);
  await expectNoAccessibilityViolations(admin);
  await asked.getByRole("button", { name: "Close: request for Transcript" }).click();
  await expect(asked.locator("[data-request-status]")).toHaveText("Closed");
  await expect(asked).toContainText(`Closed by ${teamAdmin.account.fullName}`);
  await expect(admin.getByText("The admissions team closed the request for the Transcript.")).toBeVisible();
});
