import type { Page } from "@playwright/test";
import { deleteUniversity, expect, test, uniqueWord, universityFormBody } from "./fixtures";
import { programFormBody } from "../support/program-body";

// Long words wrap: a university and a program named with words longer than a phone's width
// (a 100-letter word, and the catalogue's longest German compound) leave no page wider than the
// viewport, on a phone and on a laptop.

const viewports = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
];

async function expectNoSidewaysScroll(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(400);
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${path} is ${scrollWidth} px wide in a ${innerWidth} px window`).toBeLessThanOrEqual(
    innerWidth,
  );
}

test("pages with 100-letter words fit a phone and a laptop", async ({ api, student, superAdmin }) => {
  // A deliberate budget: five pages at two widths for two signed-in visitors.
  test.setTimeout(120_000);
  const word = uniqueWord();
  const longWord = `${word}${"x".repeat(100 - word.length)}`;
  const created = await api.post("/api/universities", {
    data: universityFormBody(`${longWord} University`, `${longWord} is a university with a long name.`),
  });
  expect(created.status()).toBe(201);
  const university = (await created.json()) as { id: number; slug: string };
  try {
    const programName = `Wirtschaftsingenieurwissenschaften ${longWord}`;
    const program = await api.post("/api/programs", {
      data: programFormBody(university.id, programName, `${longWord} ${longWord}`),
    });
    expect(program.status()).toBe(201);
    const { id } = (await program.json()) as { id: number };
    for (const viewport of viewports) {
      for (const [visitor, paths] of [
        [
          student.page,
          [`/university/${university.slug}`, `/programs?q=${word}`, `/compare?ids=${id}`, `/apply/${id}`],
        ],
        [superAdmin.page, [`/admin/programs/${id}/edit`, `/admin/programs?q=${word}`]],
      ] as const) {
        await visitor.setViewportSize(viewport);
        for (const path of paths) await expectNoSidewaysScroll(visitor, path);
      }
    }
  } finally {
    await deleteUniversity(api, university.id);
  }
});
