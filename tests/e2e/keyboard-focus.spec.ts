import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { programFormBody } from "../support/program-body";
import { expectNoAccessibilityViolations } from "./axe";
import { applyTo, expect, test, uniqueWord, type TestProgram } from "./fixtures";

// By keyboard only: an action that removes or replaces the control it was started from leaves
// focus on the next sensible element (never the page body, from where the next Tab restarts at
// "Skip to main content"), and its result is said in a live region. Then the admin's pickers and
// the cost slider, with axe on their open states.

/** A second program of the test university (removed with it). */
async function addProgram(api: APIRequestContext, universityId: number): Promise<TestProgram> {
  const response = await api.post("/api/programs", {
    data: programFormBody(universityId, `${uniqueWord()} Reef Ecology`),
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as TestProgram;
}

/** Focuses a control the way Tab would land on it, then activates it with Enter. */
async function pressEnterOn(control: Locator) {
  await control.focus();
  await control.page().keyboard.press("Enter");
}

/** A polite live region (the page's announcer, a toast region, a results count) saying `text`. */
function announcement(page: Page, text: string | RegExp) {
  return page.locator('[aria-live="polite"]').filter({ hasText: text });
}

test("removing shortlist items moves focus to the next item's Remove, then to the heading", async ({
  student,
  university,
}) => {
  const { page } = student;
  const saved = await page.request.post("/api/shortlist", {
    data: {
      items: [
        { type: "program", id: university.program.id },
        { type: "university", id: university.id },
      ],
    },
  });
  expect(saved.status()).toBe(200);
  await page.goto("/user/shortlist");
  const removes = page.getByTestId("shortlist").getByRole("button", { name: /^Remove / });
  await expect(removes).toHaveCount(2);
  const [first, second] = (await removes.allTextContents()).map((text) => text.replace(/^Remove /, ""));

  await pressEnterOn(removes.first());
  await expect(removes).toHaveCount(1);
  await expect(page.getByRole("button", { name: `Remove ${second}` })).toBeFocused();
  await expect(
    page.getByRole("status").filter({ hasText: `${first} removed from your shortlist.` }),
  ).toBeAttached();

  await page.keyboard.press("Enter");
  await expect(page.getByText("Nothing saved yet")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "My Shortlist" })).toBeFocused();
  await expect(
    page.getByRole("status").filter({ hasText: `${second} removed from your shortlist.` }),
  ).toBeAttached();
});

test("withdrawing keeps focus in the application, which stays with its history", async ({
  api,
  student,
  university,
}) => {
  // A deliberate budget: two confirmations, each followed by a re-render of the list.
  test.slow();
  const second = await addProgram(api, university.id);
  const { page } = student;
  await applyTo(page.request, university.program.id);
  await applyTo(page.request, second.id);
  await page.goto("/user/applications");
  const items = page.getByTestId("application-item");
  const withdraws = items.getByRole("button", { name: /^Withdraw/ });
  await expect(withdraws).toHaveCount(2);

  const confirm = async () => {
    const dialog = page.getByRole("alertdialog", { name: "Withdraw this application?" });
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Withdraw" })).toBeFocused();
    await page.keyboard.press("Enter");
    // The withdrawal (a transaction that also keeps the answers as a draft) and the re-render take
    // longer than the 5 s default on a busy machine.
    await expect(dialog).toBeHidden({ timeout: 15_000 });
  };

  // The newest application is listed first: withdrawn, it stays, and focus stays on it (its
  // history, which now ends with the withdrawal), not back at the top of the page.
  await pressEnterOn(withdraws.first());
  await confirm();
  await expect(withdraws).toHaveCount(1);
  await expect(items.first().getByText(/Status history/)).toBeFocused();
  await expect(items.first().getByText("Withdrawn", { exact: true })).toBeVisible();
  await expect(announcement(page, "Application withdrawn")).toBeAttached();

  await pressEnterOn(withdraws.first());
  await confirm();
  await expect(withdraws).toHaveCount(0);
  await expect(items.nth(1).getByText(/Status history/)).toBeFocused();
});

test("working the pending queue: after each save focus goes to the next row's Update status", async ({
  api,
  student,
  superAdmin,
  university,
}) => {
  // A deliberate budget: two status dialogs, each followed by a re-render of the list.
  test.slow();
  const second = await addProgram(api, university.id);
  await applyTo(student.page.request, university.program.id);
  await applyTo(student.page.request, second.id);
  const { page } = superAdmin;
  await page.goto(`/admin/applications?status=pending&q=${encodeURIComponent(student.account.fullName)}`);
  const updates = page.getByRole("button", { name: /^Update status/ });
  await expect(updates).toHaveCount(2);

  const save = async () => {
    const dialog = page.getByRole("dialog", { name: "Update status" });
    await expect(dialog.getByRole("combobox", { name: "New status" })).toHaveText("In Review");
    await pressEnterOn(dialog.getByRole("button", { name: "Save" }));
    await expect(dialog).toBeHidden({ timeout: 15_000 });
  };

  await pressEnterOn(updates.first());
  await save();
  await expect(updates).toHaveCount(1);
  await expect(updates.first()).toBeFocused();
  await expect(announcement(page, "Status updated")).toBeAttached();

  await page.keyboard.press("Enter");
  await save();
  await expect(updates).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name: "Applications" })).toBeFocused();
});

test("Clear all in the /programs filters moves focus to the filters and the new count is said", async ({
  page,
  university,
}) => {
  await page.goto(`/programs?q=${encodeURIComponent(university.program.name)}`);
  const filters = page.getByRole("complementary", { name: "Filters" });
  const count = announcement(page, /^Items /);
  await expect(count).toHaveText("Items 1–1 of 1");

  await pressEnterOn(filters.getByRole("button", { name: "Clear all" }));
  await expect(page).not.toHaveURL(/[?&]q=/);
  await expect(filters.getByRole("search", { name: "Filter programs" })).toBeFocused();
  await expect(filters.getByRole("button", { name: "Clear all" })).toBeDisabled();
  await expect(count).toHaveText(/^Items 1–20 of \d{1,3}(,\d{3})+$/);
});

test("an import dry run moves focus to its report, which reads its counts", async ({
  teamAdmin,
  university,
}) => {
  const { page } = teamAdmin;
  const deadline = new Date(Date.now() + 120 * 86_400_000);
  deadline.setUTCHours(0, 0, 0, 0);
  const file = [
    "university,name,degree,level,field,duration,tuition,deadline,description",
    `${university.slug},Checked ${uniqueWord()} Studies,MSc,Master's,Business,2,"12,500.00",${deadline.toISOString()},Never applied.`,
  ].join("\n");
  await page.goto("/admin/import");
  await page.getByLabel("File (CSV or JSON, at most 50 MB)").setInputFiles({
    name: "programs.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(file),
  });

  await pressEnterOn(page.getByRole("button", { name: "Check file (dry run)" }));
  const report = page.getByRole("heading", { name: "Dry run: programs.csv" });
  await expect(report).toBeFocused();
  // Focus on the heading reads its description: the counts.
  await expect(report).toHaveAccessibleDescription("1 row: 1 created, 0 updated, 0 unchanged, 0 rejected.");
});

test("the program form's university picker takes Enter on the first match; its popovers are named", async ({
  teamAdmin,
  university,
}) => {
  // A deliberate budget: two axe scans of the form with a popover open.
  test.slow();
  const { page } = teamAdmin;
  await page.goto("/admin/programs/new");
  const picker = page.getByRole("combobox", { name: "University" });

  await pressEnterOn(picker);
  await expect(page.getByRole("dialog", { name: "Choose a university" })).toBeVisible();
  await expect(page.getByPlaceholder("Search universities...")).toBeFocused();
  await page.keyboard.type(university.name);
  const only = page.getByRole("option", { name: `${university.name} (New Zealand)` });
  await expect(only).toHaveAttribute("aria-selected", "true");
  // The picker's options only: the form's native selects (time zone, documents) have their own.
  await expect(page.getByRole("dialog", { name: "Choose a university" }).getByRole("option")).toHaveCount(1);
  await expectNoAccessibilityViolations(page);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Choose a university" })).toBeHidden();
  await expect(picker).toContainText(university.name);

  await pressEnterOn(page.getByRole("button", { name: /Application Deadline/ }));
  const calendar = page.getByRole("dialog", { name: "Choose the application deadline" });
  await expect(calendar.getByRole("grid")).toBeVisible();
  // Each day's name starts with the number shown: "1 December 2026, Tuesday".
  const firstDay = calendar.locator("[data-day$='-01']:not([data-outside]) button");
  await expect(firstDay).toHaveText("1");
  await expect(firstDay).toHaveAccessibleName(/^1 [A-Z][a-z]+ \d{4}, [A-Z][a-z]+day/);
  await expectNoAccessibilityViolations(page);
});

test("the cost slider says what its value means by keyboard", async ({ page }) => {
  await page.goto("/programs");
  const slider = page.getByRole("complementary", { name: "Filters" }).getByRole("slider");
  await expect(slider).toHaveAttribute("aria-valuetext", "Any cost");
  await slider.focus();
  await page.keyboard.press("ArrowRight");
  await expect(slider).toHaveAttribute("aria-valuetext", "Up to $1,000 per year");
  await expectNoAccessibilityViolations(page);
});
