import { programFormBody } from "../support/program-body";
import { expectNoAccessibilityViolations } from "./axe";
import { expect, test } from "./fixtures";

// The fit check: a student fills in the study profile on their profile page and sees, on the
// program's university page, which of its entry requirements they meet, with the reason. The
// university page stays cached for everyone; the fit part is worked out in the student's browser.

test("a student fills the study profile and sees how they fit a program", async ({
  student,
  university,
  api,
}) => {
  test.setTimeout(90_000);
  const { page } = student;
  const { program } = university;
  const stated = await api.patch(`/api/programs/${program.id}`, {
    data: {
      ...programFormBody(university.id, program.name, "Oceans, coasts and a thesis."),
      minGrade: 60,
      minIelts: "6.0",
      startTerms: "2027-09",
      visaSponsorship: "no",
    },
  });
  expect(stated.status(), "stating the program's requirements").toBe(200);

  // Signed in without a profile: the card offers to add one, and lists what the university states.
  await page.goto(`/university/${university.slug}`);
  const card = page.getByTestId("program-card").filter({ hasText: program.name });
  await expect(card.getByText("Add your study profile")).toBeVisible();
  await card.getByText("Entry requirements and fees").click();
  await expect(card.getByText("IELTS 6.0")).toBeVisible();
  await expect(card.getByText("Not stated").first()).toBeVisible();

  await page.goto("/user/profile");
  const form = page.getByRole("form", { name: "Study profile" });
  await form.getByLabel("Nationality").selectOption({ label: "Germany" });
  await form.getByLabel("Grade scale").selectOption("gpa4");
  await form.getByLabel("Grade", { exact: true }).fill("3.4");
  await expect(form.getByText("62.5 on the common 0-100 scale")).toBeVisible();
  await form.getByLabel("IELTS score").fill("6.5");
  await form.getByLabel("IELTS: date taken").fill("2026-05-14");
  await form.getByLabel("Yearly budget").fill("8000");
  await form.getByLabel("Currency").fill("USD");
  await form.getByLabel("Preferred start").fill("2027-09");
  await form.getByRole("button", { name: "Save study profile" }).click();
  await expect(form.getByText("Your study profile is saved.")).toBeVisible();

  await page.goto(`/university/${university.slug}`);
  const fit = card.getByRole("region", { name: `How you fit MSc ${program.name}` });
  await expect(fit).toBeVisible();
  await expect(
    fit.locator('[data-status="met"]').filter({ hasText: "IELTS 6.0 required, yours 6.5" }),
  ).toBeVisible();
  await expect(fit.locator('[data-status="met"]').filter({ hasText: "Minimum grade 60" })).toBeVisible();
  await expect(
    fit
      .locator('[data-status="not-met"]')
      .filter({ hasText: "International tuition $12,000 a year, your budget $8,000" }),
  ).toBeVisible();
  await expect(
    fit.locator('[data-status="met"]').filter({ hasText: "you prefer September 2027" }),
  ).toBeVisible();
  await expect(
    fit
      .locator('[data-status="not-met"]')
      .filter({ hasText: "a national of Germany may need to study in New Zealand" }),
  ).toBeVisible();

  // Saved to the shortlist, the program shows the same check there (rendered on the server).
  const saved = await page.request.post("/api/shortlist", {
    data: { items: [{ type: "program", id: program.id }] },
  });
  expect(saved.ok(), "saving the program").toBe(true);
  await page.goto("/user/shortlist");
  await expect(page.getByTestId("fit-check")).toContainText("How you fit: 3 met, 2 not met, 0 unknown");

  // The page itself is the same for everyone: a signed-out visitor gets no fit check.
  const visitor = await page.context().browser()!.newContext();
  const anonymous = await visitor.newPage();
  await anonymous.goto(`/university/${university.slug}`);
  await expect(anonymous.getByTestId("program-card").filter({ hasText: program.name })).toBeVisible();
  await expect(anonymous.getByTestId("fit-check")).toHaveCount(0);
  await visitor.close();
});

test("a student narrows the program search to what fits them, and sees what each filter left out", async ({
  student,
  university,
  api,
}) => {
  test.setTimeout(90_000);
  const { page } = student;
  const add = async (name: string, minGrade: number) => {
    const created = await api.post("/api/programs", {
      data: { ...programFormBody(university.id, name), minGrade },
    });
    expect(created.status(), `adding ${name}`).toBe(201);
  };
  await add("Reachable Studies", 60);
  await add("Out of Reach Studies", 90);
  const profile = await page.request.put("/api/user/study-profile", {
    data: { gradeScale: "percentage", grade: "75", budgetAmount: "20,000", budgetCurrency: "USD" },
  });
  expect(profile.status(), "saving the study profile").toBe(200);

  const search = `/programs?${new URLSearchParams({ q: university.name, sort: "name" })}`;
  await page.goto(search);
  const results = page.getByRole("form", { name: "Compare programs" });
  await expect(results.getByRole("heading", { name: "Out of Reach Studies" })).toBeVisible();
  await expect(page.getByText("Items 1–3 of 3")).toBeVisible();

  await page.getByRole("checkbox", { name: "Only programs I qualify for" }).first().check();
  await expect(page).toHaveURL(/[?&]qualify=true/);
  await expect(results.getByRole("heading", { name: "Out of Reach Studies" })).toHaveCount(0);
  await expect(results.getByRole("heading", { name: "Reachable Studies" })).toBeVisible();
  await expect(page.getByText("Items 1–2 of 2")).toBeVisible();
  await expect(page.getByTestId("fit-filter-notes")).toHaveText(
    "Only programs I qualify for: 1 program left out (a minimum grade or English score above yours)",
  );
  await expectNoAccessibilityViolations(page);

  // The same address signed out: the filter cannot apply, says so, and leaves nothing out.
  const visitor = await page.context().browser()!.newContext();
  const anonymous = await visitor.newPage();
  await anonymous.goto(page.url());
  await expect(
    anonymous.getByText("Sign in and add your study profile to filter by what fits you."),
  ).toBeVisible();
  await expect(anonymous.getByRole("heading", { name: "Out of Reach Studies" })).toBeVisible();
  await visitor.close();
});
