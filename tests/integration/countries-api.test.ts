import { GET } from "@/app/api/countries/route";

const context = { params: Promise.resolve({}) };

test("GET /api/countries lists every ISO country as {code, name}, by name", async () => {
  const response = await GET(new Request("http://localhost/api/countries"), context);
  expect(response.status).toBe(200);
  const countries: { code: string; name: string }[] = await response.json();

  expect(countries.length).toBeGreaterThanOrEqual(249);
  expect(countries).toContainEqual({ code: "FR", name: "France" });
  expect(countries).toContainEqual({ code: "JP", name: "Japan" });
  for (const country of countries) {
    expect(Object.keys(country).sort()).toEqual(["code", "name"]);
    expect(country.code).toMatch(/^[A-Z]{2}$/);
  }
  const names = countries.map((c) => c.name);
  expect(names.indexOf("Åland Islands")).toBeLessThan(names.indexOf("Albania"));
  expect(names).toEqual([...names].sort(new Intl.Collator("en", { sensitivity: "base" }).compare));
});
