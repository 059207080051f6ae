import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { programFormBody } from "../support/program-body";
import { expectNoAccessibilityViolations } from "./axe";
import { expect, test, uniqueWord } from "./fixtures";
import { decodeQuotedPrintable, MAIL_WAIT, startSmtpCapture } from "./mock-servers";
import { APP_PORT, SMTP_CAPTURE_PORT } from "./ports";

// A student saves a program search from its results page, an admin adds a program that matches
// it, the weekly alert job runs (as cron would run it, through npm, on the e2e server's
// database), and the alert e-mail the server's mail worker delivers lists the new program.

// It listens on the SMTP capture port, as the other specs that read mail do: one at a time.
test.describe.configure({ mode: "serial" });

const run = promisify(execFile);

/** `npm run jobs:search-alerts` on the e2e server's embedded database (it publishes its address). */
async function runAlertJob(): Promise<string> {
  const { url } = JSON.parse(readFileSync(join(process.env.E2E_DATA_DIR!, "pglite.server.json"), "utf8"));
  const { stdout } = await run("npm", ["run", "-s", "jobs:search-alerts", "--", "--settle-minutes=0"], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      APP_URL: `http://127.0.0.1:${APP_PORT}`,
      AUTH_SECRET: "e2e-only-secret-0123456789abcdefghijklmnopqrstuvwxyz",
    },
    timeout: 60_000,
  });
  return stdout;
}

test("a saved search's alert e-mail lists a program added after it was saved", async ({
  student,
  university,
  api,
}) => {
  // A journey through the browser, an npm script and the mail queue's worker (every 2 seconds).
  test.setTimeout(120_000);
  const { page } = student;
  await page.goto(`/programs?q=${encodeURIComponent(university.name)}&sort=name`);
  await expect(page.getByText(university.program.name).first()).toBeVisible();
  await page.getByRole("button", { name: "Save this search" }).click();

  await expect(page.getByRole("heading", { name: "Save this search" })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  const name = `Watch ${uniqueWord()}`;
  await page.getByLabel("Name").fill(name);
  await page.getByRole("button", { name: "Save search" }).click();
  await expect(page).toHaveURL(/\/user\/searches\?saved=\d+$/);
  const list = page.getByTestId("saved-searches");
  await expect(list.getByRole("link", { name })).toHaveAttribute(
    "href",
    `/programs?${new URLSearchParams({ q: university.name })}`,
  );
  await expect(list.getByText("Alert on")).toBeVisible();
  await expectNoAccessibilityViolations(page);

  // The admin adds a program of the same university after the search was saved.
  const programName = `Alerted Studies ${uniqueWord()}`;
  const created = await api.post("/api/programs", { data: programFormBody(university.id, programName) });
  expect(created.status(), "adding the program").toBe(201);

  const smtp = await startSmtpCapture(SMTP_CAPTURE_PORT);
  try {
    expect(await runAlertJob()).toMatch(/Saved search alerts: 1 searches in 1 e-mails queued\./);
    const mine = () => smtp.inbox.filter((mail) => mail.to.includes(student.account.email));
    await expect.poll(() => mine().length, MAIL_WAIT).toBe(1);
    const mail = decodeQuotedPrintable(mine()[0].raw);
    expect(mail).toContain("1 new or changed result in your saved search");
    expect(mail).toContain(`New: ${programName} (MSc), ${university.name}`);
    expect(mail).not.toContain(`: ${university.program.name} (`);
    const headers = mine()[0]
      .raw.split("\r\n\r\n")[0]
      .replace(/\r\n[ \t]+/g, " ");
    expect(headers).toMatch(
      /^List-Unsubscribe: <http:\/\/127\.0\.0\.1:\d+\/api\/searches\/unsubscribe\?token=/m,
    );

    // Run again: nothing new, nothing sent.
    expect(await runAlertJob()).toMatch(/Saved search alerts: 0 searches in 0 e-mails queued\./);
  } finally {
    await smtp.stop();
  }
});

test("a saved search of the programs a student qualifies for alerts only the new ones they qualify for", async ({
  student,
  university,
  api,
}) => {
  test.setTimeout(120_000);
  const { page } = student;
  const profile = await page.request.put("/api/user/study-profile", {
    data: { gradeScale: "percentage", grade: "75" },
  });
  expect(profile.status(), "saving the study profile").toBe(200);
  await page.goto(`/programs?${new URLSearchParams({ q: university.name, qualify: "true" })}`);
  await expect(page.getByText(university.program.name).first()).toBeVisible();
  await page.getByRole("button", { name: "Save this search" }).click();
  const name = `Fits ${uniqueWord()}`;
  await page.getByLabel("Name").fill(name);
  await page.getByRole("button", { name: "Save search" }).click();
  await expect(page).toHaveURL(/\/user\/searches\?saved=\d+$/);

  const add = async (programName: string, minGrade: number) => {
    const created = await api.post("/api/programs", {
      data: { ...programFormBody(university.id, programName), minGrade },
    });
    expect(created.status(), `adding ${programName}`).toBe(201);
  };
  const within = `Within Reach ${uniqueWord()}`;
  const beyond = `Beyond Reach ${uniqueWord()}`;
  await add(within, 60);
  await add(beyond, 90);

  const smtp = await startSmtpCapture(SMTP_CAPTURE_PORT);
  try {
    expect(await runAlertJob()).toMatch(/Saved search alerts: 1 searches in 1 e-mails queued\./);
    const mine = () => smtp.inbox.filter((mail) => mail.to.includes(student.account.email));
    await expect.poll(() => mine().length, MAIL_WAIT).toBe(1);
    const mail = decodeQuotedPrintable(mine()[0].raw);
    expect(mail).toContain(`New: ${within} (MSc), ${university.name}`);
    expect(mail).not.toContain(beyond);
  } finally {
    await smtp.stop();
  }
});
