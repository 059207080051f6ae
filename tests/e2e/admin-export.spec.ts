import { expect, test } from "./fixtures";

// The admin lists' Export CSV buttons export what the list shows: the link carries the list's
// current filters, and the file holds the matching rows only, each field with a line break quoted.

test("Export CSV exports the searched list only", async ({ teamAdmin, university }) => {
  test.slow(); // two admin list pages rendered on first visit, and two downloads
  const { page } = teamAdmin;
  const word = university.name.split(" ")[0]!;

  await page.goto(`/admin/universities?q=${encodeURIComponent(word)}`);
  const universities = page.getByRole("link", { name: "Export CSV" });
  await expect(universities).toHaveAttribute("href", `/api/universities/export.csv?q=${word}`);
  const universitiesFile = await (await page.request.get(`/api/universities/export.csv?q=${word}`)).text();
  const universityRows = universitiesFile.trim().split("\r\n");
  expect(universityRows).toHaveLength(2);
  expect(universityRows[1]).toContain(`${university.slug},${university.name},NZ`);

  await page.goto(`/admin/programs?q=${encodeURIComponent(word)}&level=${encodeURIComponent("Master's")}`);
  const programs = page.getByRole("link", { name: "Export CSV" });
  const href = await programs.getAttribute("href");
  const url = new URL(href!, "http://x");
  expect(url.pathname).toBe("/api/programs/export.csv");
  expect(Object.fromEntries(url.searchParams)).toEqual({ q: word, level: "Master's" });
  const programRows = (await (await page.request.get(href!)).text()).trim().split("\r\n");
  expect(programRows).toHaveLength(2);
  expect(programRows[1]).toContain(`${university.slug},${university.program.name},`);
});
