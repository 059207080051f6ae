import { expect, test } from "@playwright/test";
import { SMTP_CAPTURE_PORT } from "./ports";
import { decodeQuotedPrintable, MAIL_WAIT, startSmtpCapture } from "./mock-servers";

// Both tests listen on the SMTP capture port: one at a time.
test.describe.configure({ mode: "serial" });

test("forgot password: the e-mail's link sets a new password that signs in", async ({ page, request }) => {
  const id = Date.now().toString(36);
  const email = `reset.${id}@example.com`;
  const username = `reset_${id}`;
  expect(
    (
      await request.post("/api/register", {
        data: {
          fullName: "Rita Reset",
          email,
          username,
          password: "the old password",
          confirmPassword: "the old password",
        },
      })
    ).status(),
  ).toBe(201);

  const smtp = await startSmtpCapture(SMTP_CAPTURE_PORT);
  try {
    await page.goto("/auth");
    await page.getByRole("link", { name: /Forgot password/i }).click();
    await expect(page).toHaveURL(/\/auth\/forgot-password$/);
    await page.getByLabel(/email/i).fill(email);
    await page.getByRole("button", { name: /send|reset/i }).click();
    await expect(page.getByText(/If an account uses this email/)).toBeVisible();

    // Other tests running at the same time may send mail too (application status e-mails), and
    // registering queued a verification e-mail to this address: only the reset e-mail counts.
    const mine = () =>
      smtp.inbox.filter(
        (m) => m.to.includes(email) && decodeQuotedPrintable(m.raw).includes("/auth/reset-password?token="),
      );
    await expect.poll(() => mine().length, MAIL_WAIT).toBe(1);
    const mail = mine()[0];
    expect(mail.to).toEqual([email]);
    const link = /https?:\/\/\S+\/auth\/reset-password\?token=[\w-]+/.exec(
      decodeQuotedPrintable(mail.raw),
    )![0];

    await page.goto(new URL(link).pathname + new URL(link).search);
    await page.getByLabel(/^new password$/i).fill("a brand new password");
    await page.getByLabel(/confirm/i).fill("a brand new password");
    await page.getByRole("button", { name: /reset|change|save|set/i }).click();
    await expect(page.getByText(/password has been changed/i)).toBeVisible();

    expect(
      (await request.post("/api/login", { data: { username, password: "the old password" } })).status(),
    ).toBe(401);
    expect(
      (await request.post("/api/login", { data: { username, password: "a brand new password" } })).status(),
    ).toBe(200);
  } finally {
    await smtp.stop();
  }
});

// The form's server action (no JavaScript) answers first and sends the e-mail after the response
// (next/server's after(), lib/http/after-response.server.ts), as the API does.
test("forgot password without JavaScript: the answer, then the e-mail", async ({ browser, request }) => {
  const id = Date.now().toString(36);
  const email = `nojs.reset.${id}@example.com`;
  expect(
    (
      await request.post("/api/register", {
        data: {
          fullName: "Nils Nojs",
          email,
          username: `nojs_reset_${id}`,
          password: "the old password",
          confirmPassword: "the old password",
        },
      })
    ).status(),
  ).toBe(201);

  const smtp = await startSmtpCapture(SMTP_CAPTURE_PORT);
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto("/auth/forgot-password");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByText(/If an account uses this email/)).toBeVisible();
    const resetMails = () =>
      smtp.inbox.filter(
        (m) => m.to.includes(email) && decodeQuotedPrintable(m.raw).includes("/auth/reset-password?token="),
      );
    await expect.poll(() => resetMails().length, MAIL_WAIT).toBe(1);
  } finally {
    await context.close();
    await smtp.stop();
  }
});
