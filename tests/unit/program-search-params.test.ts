import { toProgramCriteria } from "@/lib/programs/criteria";
import { programSearchQuery } from "@/lib/programs/search-params";
import { daysLeftLabel } from "@/lib/format";
import { chosenFitFilters } from "@/lib/programs/fit-filters";

// /programs reads its query string through programSearchQuery (lib/list-query.ts): valid values
// become the search's conditions, an invalid one the message shown in place of the results.

const load = (input: Record<string, string>) => programSearchQuery.load(input, "/programs");
const now = new Date("2026-11-23T12:00:00Z");

test("absent keys are the defaults: no condition, sorted by deadline", async () => {
  const list = await load({});
  expect(list.ok && list.values).toEqual({
    q: "",
    country: "all",
    level: "all",
    field: "all",
    degree: "all",
    duration: 0,
    cost: 0,
    from: "",
    open: false,
    qualify: false,
    budget: false,
    visa: false,
    sort: "deadline",
    page: 1,
  });
  expect(list.ok && toProgramCriteria(list.query, now)).toEqual({});
  expect(list.ok && chosenFitFilters(list.query)).toEqual([]);
});

test("every filter becomes a condition, and the URL round-trips", async () => {
  const input = {
    q: " physics ",
    country: "nz",
    level: "Master's",
    field: "Natural Science",
    degree: "MSc",
    duration: "2",
    cost: "20000",
    from: "2027-01-15",
    open: "true",
    sort: "ranking",
    page: "3",
  };
  const list = await load(input);
  if (!list.ok) throw new Error(list.message);
  expect(toProgramCriteria(list.query, now)).toEqual({
    text: "physics",
    countryCode: "NZ",
    level: "Master's",
    field: "Natural Science",
    degree: "MSc",
    duration: 2,
    maxTuition: 20_000,
    deadlineFrom: new Date("2027-01-15T00:00:00Z"),
    openAt: now,
  });
  expect(list.offset).toBe(40);
  const again = await load(Object.fromEntries(new URL(list.hrefFor(3), "http://x").searchParams));
  expect(again.ok && again.values).toEqual(list.values);
});

test.each([
  [{ degree: "XYZ" }, /^degree must be 'all' or one of: /],
  [{ duration: "0" }, "duration must be a whole number of years from 1 to 6"],
  [{ duration: "two" }, "duration must be a whole number of years from 1 to 6"],
  [{ from: "15/01/2027" }, "from must be a date written YYYY-MM-DD"],
  [{ from: "2027-02-30" }, "from must be a date written YYYY-MM-DD"],
  [{ open: "yes" }, "open must be true or false"],
  [{ sort: "price" }, "sort must be one of: deadline, tuition, name, ranking"],
  [{ cost: "-1" }, "cost must be a whole number from 0 to 100000"],
  [{ country: "France" }, "country must be a two-letter country code or 'all'"],
])("%j is refused with its message", async (input, message) => {
  const list = await load(input);
  expect(list.ok).toBe(false);
  if (!list.ok) expect(list.message).toMatch(message);
});

test("daysLeftLabel counts calendar days on the program's clocks", () => {
  const utc = (deadline: string) => daysLeftLabel({ deadline, timeZone: "UTC" }, now);
  expect(utc("2026-12-03T00:00:00Z")).toBe("10 days left");
  expect(utc("2026-11-24T00:00:00Z")).toBe("1 day left");
  expect(utc("2026-11-23T00:00:00Z")).toBe("Closes today");
  expect(utc("2026-11-22T00:00:00Z")).toBe("Closed");
  // 12:00 UTC is already 24 November in Kiritimati (UTC+14), still 23 November in Los Angeles.
  const kiritimati = (deadline: string) => daysLeftLabel({ deadline, timeZone: "Pacific/Kiritimati" }, now);
  expect(kiritimati("2026-11-23T00:00:00Z")).toBe("Closed");
  expect(kiritimati("2026-11-24T00:00:00Z")).toBe("Closes today");
  const losAngeles = (deadline: string) => daysLeftLabel({ deadline, timeZone: "America/Los_Angeles" }, now);
  expect(losAngeles("2026-11-23T00:00:00Z")).toBe("Closes today");
  expect(losAngeles("2026-11-24T00:00:00Z")).toBe("1 day left");
});

test("the fit filters are off unless chosen, and a value other than true or false is refused", async () => {
  const list = await load({ qualify: "true", visa: "true" });
  expect(list.ok && chosenFitFilters(list.query)).toEqual(["qualify", "visa"]);
  const bad = await load({ budget: "yes" });
  expect(bad.ok).toBe(false);
});
