import { programFormBody } from "../support/program-body";
import { expectNoAccessibilityViolations } from "./axe";
import { applyTo, expect, test } from "./fixtures";
import { decodeQuotedPrintable, MAIL_WAIT, startSmtpCapture } from "./mock-servers";
import { SMTP_CAPTURE_PORT } from "./ports";

// A program that asks for a reference: the student names a referee on My Applications, the
// referee's e-mail carries a link, the referee opens it (which changes nothing), writes the
// reference and sends it, and the student then sees it received, with its words.

// It listens on the SMTP capture port, as the other specs that read mail do: one at a time.
test.describe.configure({ mode: "serial" });

const REFERENCE =
  "I taught Rowan for two years. Their essays were careful, their questions sharp, and they helped others. ".repeat(
    3,
  );

test("a student names a referee, who answers through the e-mailed link", async ({
  student,
  university,
  api,
  browser,
}) => {
  // A journey through two browsers and the mail queue's worker (it looks every 2 seconds).
  test.setTimeout(90_000);
  const { page } = student;
  const { program } = university;
  const asked = await api.patch(`/api/programs/${program.id}`, {
    data: { ...programFormBody(university.id, program.name), referencesRequired: "1" },
  });
  expect(asked.status(), "asking for a reference").toBe(200);
  await applyTo(page.request, program.id);

  const email = `referee.${Date.now().toString(36)}@example.com`;
  const smtp = await startSmtpCapture(SMTP_CAPTURE_PORT);
  try {
    await page.goto("/user/applications");
    const references = page.getByTestId("references");
    await expect(references.getByText("0 of 1 referee named")).toBeVisible();
    await references.getByLabel("Referee's full name").fill("Dr Ada Lovelace");
    await references.getByLabel("Referee's e-mail").fill(email);
    await references.getByLabel("How they know you").fill("Teacher of mathematics");
    await references.getByRole("button", { name: "Name and e-mail the referee" }).click();
    await expect(references.getByText("1 of 1 referee named")).toBeVisible();
    const reference = references.getByTestId("reference");
    await expect(reference.getByText("Requested", { exact: true })).toBeVisible();
    await expect(reference.getByText(/You can send one reminder from/)).toBeVisible();
    await expectNoAccessibilityViolations(page);

    const mine = () => smtp.inbox.filter((mail) => mail.to.includes(email));
    await expect.poll(() => mine().length, MAIL_WAIT).toBe(1);
    const link = /https?:\/\/\S+\/reference\/[\w-]{43}/.exec(decodeQuotedPrintable(mine()[0].raw))![0];
    const path = new URL(link).pathname;

    // The referee, in a browser of their own: opening the link twice changes nothing.
    const refereeContext = await browser.newContext();
    const referee = await refereeContext.newPage();
    try {
      await referee.goto(path);
      await referee.reload();
      await expect(
        referee.getByRole("heading", { name: `A reference for ${student.account.fullName}` }),
      ).toBeVisible();
      await expect(referee.getByText(/This link works for one answer, until/)).toBeVisible();
      await expectNoAccessibilityViolations(referee);
      await referee.getByLabel("Your reference").fill(REFERENCE);
      await referee.getByRole("button", { name: "Send the reference" }).click();
      await expect(referee.getByText("Your answer has been sent")).toBeVisible();
      // The link is spent: opening it again shows no form.
      await referee.goto(path);
      await expect(referee.getByText("Your answer has been sent")).toBeVisible();
      await expect(referee.getByLabel("Your reference")).toHaveCount(0);
    } finally {
      await refereeContext.close();
    }

    await page.reload();
    await expect(reference.getByText("Received", { exact: true })).toBeVisible();
    await reference.getByText("Read the reference").click();
    await expect(reference.getByText(/I taught Rowan for two years/)).toBeVisible();
  } finally {
    await smtp.stop();
  }
});
