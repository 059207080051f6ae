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

test("the student withdraws with a request open: both sides read it closed with the application", async ({
  student,
  teamAdmin,
  university,
}) => {
  // A deliberate budget: both sides' pages, a withdrawal and an axe scan passed 30 s on a busy
  // 2-core machine.
  test.slow();
  const { id } = await applyTo(student.page.request, university.program.id);
  const asked = await teamAdmin.page.request.post(`/api/applications/${id}/requests`, {
    data: { message: "Is your graduation year 2021 or 2022?" },
  });
  expect(asked.status()).toBe(201);

  // Open, the request waits for the student's answer.
  const { page } = student;
  await page.goto("/user/applications");
  const item = page.getByTestId("application-item").filter({ hasText: university.program.name });
  const request = item.getByTestId("document-request");
  await expect(request.getByRole("button", { name: "Send the answer" })).toBeVisible();

  await item.getByRole("button", { name: /Withdraw/ }).click();
  await page
    .getByRole("alertdialog", { name: "Withdraw this application?" })
    .getByRole("button", { name: "Withdraw" })
    .click();
  await expect(page.getByText("Application withdrawn")).toBeVisible();
  // Closed with the application: nothing more to send, nothing to answer.
  await expect(item.getByText("Action required")).toHaveCount(0);
  await expect(request.locator("[data-request-status]")).toHaveText("Closed");
  await expect(request.getByTestId("request-closed")).toContainText(
    /^Closed with your application \(Withdrawn\) on .+: there is nothing more to send\.$/,
  );
  await expect(request.getByRole("button", { name: "Send the answer" })).toHaveCount(0);
  await expectNoAccessibilityViolations(page);

  // The team reads who closed it and why, and the withdrawal's history entry names it.
  const admin = teamAdmin.page;
  await admin.goto(`/admin/applications/${id}`);
  const closed = admin.getByRole("list", { name: "Requests to the student" }).getByTestId("document-request");
  await expect(closed.locator("[data-request-status]")).toHaveText("Closed");
  await expect(closed.getByTestId("request-closed")).toContainText(
    `Closed with the application (Withdrawn) by ${student.account.fullName} on`,
  );
  await expect(closed.getByRole("button", { name: /^Close/ })).toHaveCount(0);
  const withdrawal = admin
    .getByTestId("history-entry")
    .filter({ hasText: "The student withdrew the application." });
  await expect(withdrawal).toContainText("Requests closed with the application:");
  await expect(withdrawal.getByRole("listitem")).toHaveText(["A correction"]);
});
