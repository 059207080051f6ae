import { expect, test } from "./fixtures";
import { choose } from "./select";
import { programFormBody } from "../support/program-body";

// The study levels of settings are what the university search filters and the university page's
// tabs go by: each program under its own level (an EdD is a PhD-level program), and a level an
// admin adds is both a choice of the filter and a tab.

test("a program counts under its own level in the search and the tabs, added levels included", async ({
  page,
  api,
  university,
}) => {
  test.setTimeout(90_000);
  const level = `Foundation ${university.name.split(" ")[0]}`;
  const addedLevel = await api.post("/api/settings/study-levels", { data: { name: level } });
  expect(addedLevel.status(), "adding the study level").toBe(201);
  const levelId = ((await addedLevel.json()) as { id: number }).id;
  const programIds: number[] = [];
  const addProgram = async (name: string, fields: { level: string; degree: string }) => {
    const response = await api.post("/api/programs", {
      data: { ...programFormBody(university.id, name), ...fields },
    });
    expect(response.status(), `creating ${name}`).toBe(201);
    programIds.push(((await response.json()) as { id: number }).id);
  };
  try {
    await addProgram("Doctorate in Education", { level: "PhD", degree: "EdD" });
    await addProgram("Foundation Year in Science", { level, degree: "BSc" });

    // Its only PhD-level program is an EdD: a PhD search finds the university.
    const search = `/universities/search?q=${encodeURIComponent(university.name)}`;
    await page.goto(`${search}&level=PhD`);
    await expect(page.locator("main article h3")).toHaveText([university.name]);

    // The added level is a choice of the filter, and finds it too.
    await page.goto(search);
    await choose(page, "Study Level", level);
    await expect(page).toHaveURL(
      new RegExp(`level=${encodeURIComponent(level).replace(/%20/g, "(\\+|%20)")}`),
    );
    await expect(page.locator("main article h3")).toHaveText([university.name]);

    // The university page: a tab per level of settings, each program under its own.
    await page.goto(`/university/${university.slug}`);
    await expect(page.getByRole("tab")).toHaveText(["Bachelor's", "Master's", "PhD", level]);
    for (const [tabName, program] of [
      ["PhD", "Doctorate in Education"],
      [level, "Foundation Year in Science"],
      ["Master's", university.program.name],
    ]) {
      const tab = page.getByRole("tab", { name: tabName, exact: true });
      await tab.click();
      const panel = page.locator(`[id="${await tab.getAttribute("aria-controls")}"]`);
      await expect(panel.getByRole("heading", { name: program, exact: true })).toBeVisible();
    }
  } finally {
    for (const id of programIds) await api.delete(`/api/programs/${id}`);
    expect((await api.delete(`/api/settings/study-levels/${levelId}`)).status(), "removing the level").toBe(
      204,
    );
  }
});
