import { offsetMinutes } from "@/lib/dates/zones";

// Offsets are remembered per zone and minute: each minute still gets its own, on both sides of a
// clock change, in whichever order they are asked for.

const at = (iso: string) => new Date(iso).getTime();

test("Berlin's clocks go forward at 01:00 UTC on 28 March 2027", () => {
  expect(offsetMinutes(at("2027-03-28T01:00:00.000Z"), "Europe/Berlin")).toBe(120);
  expect(offsetMinutes(at("2027-03-28T00:59:59.999Z"), "Europe/Berlin")).toBe(60);
  expect(offsetMinutes(at("2027-03-28T00:59:00.000Z"), "Europe/Berlin")).toBe(60);
  expect(offsetMinutes(at("2027-03-28T01:00:59.999Z"), "Europe/Berlin")).toBe(120);
});

test("the same minute in two zones, and a zone ahead by a part of an hour", () => {
  const minute = at("2027-01-15T12:00:30.000Z");
  expect(offsetMinutes(minute, "America/New_York")).toBe(-300);
  expect(offsetMinutes(minute, "Asia/Kathmandu")).toBe(345);
  expect(offsetMinutes(minute, "America/New_York")).toBe(-300);
});

test("Lord Howe Island moves its clocks by half an hour, at 15:00 UTC on 3 April 2027", () => {
  expect(offsetMinutes(at("2027-04-03T15:00:00.000Z"), "Australia/Lord_Howe")).toBe(630);
  expect(offsetMinutes(at("2027-04-03T14:59:59.000Z"), "Australia/Lord_Howe")).toBe(660);
});
