import { expectNoAccessibilityViolations } from "./axe";
import { applyTo, expect, test } from "./fixtures";

// The admissions team's workspace: a team admin opens the queue narrowed to one university, sees
// the tabs' counts, checks both applications and assigns them to themself in bulk, finds them in
// My queue, adds a private note to both in bulk, exports what the list shows, and the rows read
// whole at 1024 px and as cards on a phone.

test("a team admin works the queue: bulk-assigns, adds a note, exports", async ({
  student,
  superAdmin,
  teamAdmin,
  university,
}) => {
  test.slow(); // the workspace's first render, two bulk actions, a download
  const first = await applyTo(student.page.request, university.program.id);
  // Staff may apply too: the super admin's application is the team admin's to review.
  const second = await applyTo(superAdmin.page.request, university.program.id);
  const page = teamAdmin.page;
  await page.setViewportSize({ width: 1024, height: 900 });
  const url = `/admin/applications?university=${university.id}`;
  await page.goto(url);

  await expect(page.getByRole("heading", { level: 1, name: "Applications" })).toBeVisible();
  const tabs = page.getByRole("navigation", { name: "Queue" });
  await expect(tabs.getByRole("link", { name: /^All\s*2$/ })).toHaveAttribute("aria-current", "page");
  await expect(tabs.getByRole("link", { name: /^Needs review\s*2$/ })).toBeVisible();
  await expect(page.getByText(`University: ${university.name}`)).toBeVisible();
  const rows = page.getByRole("list", { name: /Applications, most urgent first/ }).getByRole("listitem");
  await expect(rows).toHaveCount(2);
  // New submissions, the oldest first.
  await expect(rows.nth(0)).toContainText(student.account.fullName);
  await expect(rows.nth(1)).toContainText(superAdmin.account.fullName);

  // At 1024 px the submission date is whole, inside its row.
  for (const row of [rows.nth(0), rows.nth(1)]) {
    const box = (await row.boundingBox())!;
    const date = (await row.locator("time").last().boundingBox())!;
    expect(date.x + date.width).toBeLessThanOrEqual(box.x + box.width);
  }
  await expectNoAccessibilityViolations(page);

  // Bulk: both checked, assigned to me.
  await page.getByRole("checkbox", { name: `Select ${student.account.fullName}'s application` }).check();
  await page.getByRole("checkbox", { name: `Select ${superAdmin.account.fullName}'s application` }).check();
  const bulk = page.getByRole("form", { name: "Bulk actions" });
  await bulk.getByLabel("Action").selectOption("assign");
  await bulk.getByLabel("Assignee").selectOption({ label: "Me" });
  await bulk.getByRole("button", { name: "Apply" }).click();
  await expect(bulk.getByRole("status")).toHaveText("2 changed.");
  await expect(rows.nth(0)).toContainText("You");

  // My queue holds both.
  await page.goto(`${url}&assignee=me`);
  await expect(page.getByTestId("applications-count")).toHaveText("2 applications");

  // A private note on every match, after ticking the box naming the count.
  await bulk.getByText("All 2 matching the filters").click();
  await bulk.getByLabel("Action").selectOption("note");
  const note = `Checked both transcripts (${Date.now()})`;
  await bulk.getByLabel("Private note (only the team reads it)").fill(note);
  await bulk.getByRole("checkbox", { name: /Yes, apply this to all 2 applications/ }).check();
  await bulk.getByRole("button", { name: "Apply" }).click();
  await expect(bulk.getByRole("status")).toHaveText("2 changed.");
  await page.goto(`/admin/applications/${first.id}`);
  await expect(page.getByRole("list", { name: "Notes" }).getByText(note)).toBeVisible();
  await expect(page.getByText(`Handled by you.`)).toBeVisible();

  // The export holds what the list shows, with the assignee.
  await page.goto(`${url}&assignee=me`);
  const href = await page.getByRole("link", { name: "Export CSV" }).getAttribute("href");
  expect(href).toBe(`/api/applications/export.csv?university=${university.id}&assignee=me`);
  const file = await (await page.request.get(href!)).text();
  const lines = file.trim().split("\r\n");
  expect(lines).toHaveLength(3);
  expect(lines.slice(1).map((line) => Number(line.split(",")[0]))).toEqual([first.id, second.id]);
  expect(lines[1]).toContain(teamAdmin.account.fullName);

  // On a phone, each application is a card with its date whole.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(url);
  const card = rows.nth(0);
  const cardBox = (await card.boundingBox())!;
  expect(cardBox.width).toBeLessThanOrEqual(390);
  const date = (await card.locator("time").last().boundingBox())!;
  expect(date.x + date.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
  await expectNoAccessibilityViolations(page);
});

test("without a script, a row's Claim assigns it and Update status leads to its next step", async ({
  browser,
  student,
  teamAdmin,
  university,
}) => {
  const application = await applyTo(student.page.request, university.program.id);
  // The team admin's session in a browser that runs no script: the rows' forms post and go.
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await teamAdmin.context.storageState(),
  });
  try {
    const page = await context.newPage();
    const url = `/admin/applications?university=${university.id}`;
    await page.goto(url);
    const row = page.getByRole("list", { name: /^Applications, / }).getByRole("listitem");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Nobody");

    await row.getByRole("button", { name: /^Claim/ }).click();
    await expect(page).toHaveURL(new RegExp(`${url.replace("?", "\\?")}$`));
    await expect(row).toContainText("You");

    await row.getByRole("button", { name: /^Update status/ }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/applications/${application.id}\\??#next-step$`));
    await expect(page.getByRole("heading", { name: "Next step" })).toBeVisible();
    await page.getByRole("link", { name: "Start review" }).click();
    await page.getByRole("button", { name: "Start review" }).click();
    await page.goto(url);
    await expect(row.getByText("In Review", { exact: true })).toBeVisible();
  } finally {
    await context.close();
  }
});
