import { makePdf } from "../support/documents";
import { programFormBody } from "../support/program-body";
import { expectNoAccessibilityViolations } from "./axe";
import { expect, test } from "./fixtures";

// A program that asks for documents: the student uploads them on the apply page (saved with the
// draft as soon as they are chosen), a hostile or missing one is refused with what to do, the
// application is refused until the required one is there, and both the student and the team then
// find the submitted document with the application.

const STATEMENT =
  "The sea has shaped my life, and I want to spend the next years studying it closely. ".repeat(8);

test("a student uploads the required document, is refused without it, and submits", async ({
  student,
  teamAdmin,
  university,
  api,
}) => {
  test.setTimeout(90_000);
  const { page } = student;
  const { program } = university;
  const asked = await api.patch(`/api/programs/${program.id}`, {
    data: {
      ...programFormBody(university.id, program.name, "Oceans, coasts and a thesis."),
      requiredDocuments: ["Transcript"],
      optionalDocuments: ["CV"],
    },
  });
  expect(asked.status(), "asking for documents").toBe(200);

  await page.goto(`/apply/${program.id}`);
  const documents = page.getByRole("region", { name: "Documents" });
  const transcript = documents.getByRole("listitem").filter({ hasText: "Transcript" });
  const cv = documents.getByRole("listitem").filter({ hasText: "CV" });
  await expect(transcript.getByText("Required")).toBeVisible();
  await expect(cv.getByText("Optional")).toBeVisible();
  await expect(transcript.getByText("Not uploaded yet.")).toBeVisible();
  await expectNoAccessibilityViolations(page);

  // Write the application and try to send it without the transcript.
  await page.getByLabel("Personal Statement").fill(STATEMENT);
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("Previous Institution").fill("Harbour School");
  await page.getByLabel("Previous Degree").fill("Diploma");
  await page.getByLabel("GPA").fill("3.9");
  await page.getByLabel("Graduation Year").fill("2024");
  await page.getByRole("button", { name: "Submit Application" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Transcript is missing." })).toBeVisible();

  // A file that only claims to be a PDF is refused, with what to do; nothing is kept.
  await cv.getByLabel("Upload CV").setInputFiles({
    name: "cv.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("<html><script>alert(1)</script></html>"),
  });
  await expect(cv.getByRole("alert")).toContainText(/PDF/);
  await expect(cv.getByText("Not uploaded yet.")).toBeVisible();

  // The real transcript is saved at once, and can be downloaded back.
  await transcript.getByLabel("Upload Transcript").setInputFiles({
    name: "transcript.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from(await makePdf()),
  });
  await expect(transcript.getByRole("status")).toHaveText("Transcript uploaded.");
  await expect(transcript.getByText("transcript.pdf")).toBeVisible();
  await expect(transcript.getByLabel("Replace Transcript")).toBeVisible();
  await expect(transcript.getByRole("link", { name: "Download Transcript" })).toHaveAttribute(
    "href",
    /^\/api\/documents\/\d+$/,
  );

  // It stays through a reload (it is the draft's), and the application now goes through.
  await page.reload();
  await expect(transcript.getByText("transcript.pdf")).toBeVisible();
  await expect(page.getByText("Step 2 of 2")).toBeVisible();
  await page.getByRole("button", { name: "Submit Application" }).click();
  await expect(page.getByText("Application Submitted")).toBeVisible();

  await page.goto("/user/applications");
  await page.getByText("Documents (1)").click();
  await expect(page.getByRole("link", { name: "Download Transcript" })).toBeVisible();

  // The team finds it on the application's page.
  const [application] = (await (await page.request.get("/api/applications")).json()) as { id: number }[];
  await teamAdmin.page.goto(`/admin/applications/${application.id}`);
  const staffDocuments = teamAdmin.page
    .getByRole("heading", { name: "Documents" })
    .locator("..")
    .locator("..");
  await expect(staffDocuments.getByText("transcript.pdf")).toBeVisible();
});
