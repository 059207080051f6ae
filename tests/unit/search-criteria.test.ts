import { likePattern, toSearchCriteria } from "@/lib/universities/criteria";

describe("toSearchCriteria: the matching rules of SPEC §2 and §9", () => {
  test("'all', empty and missing values add no condition", () => {
    expect(toSearchCriteria({})).toEqual({});
    expect(toSearchCriteria({ country: "all", level: "all", field: "all", q: "", cost: 0 })).toEqual({});
    expect(toSearchCriteria({ q: "   " })).toEqual({});
  });

  test("name: trimmed substring", () => {
    expect(toSearchCriteria({ q: "  tech " })).toEqual({ nameContains: "tech" });
  });

  test("country: by code, any case", () => {
    expect(toSearchCriteria({ country: "fr" })).toEqual({ countryCode: "FR" });
  });

  test.each([
    ["Bachelor's", ["BSc", "BA", "BEng"]],
    ["Master's", ["MSc", "MA", "MEng", "MBA"]],
    ["PhD", ["PhD"]],
  ])("level %s matches the search's degree group %j", (level, degrees) => {
    expect(toSearchCriteria({ level })).toEqual({ program: { degrees } });
  });

  test("the search group leaves out the university page's extra degrees", () => {
    const bachelor = toSearchCriteria({ level: "Bachelor's" }).program!.degrees!;
    const master = toSearchCriteria({ level: "Master's" }).program!.degrees!;
    expect(bachelor).not.toEqual(expect.arrayContaining(["BArch"]));
    expect(bachelor).not.toContain("BBA");
    expect(master).not.toContain("LLM");
  });

  test("field: the program's name contains it", () => {
    expect(toSearchCriteria({ field: "Computer Science" })).toEqual({
      program: { field: "Computer Science" },
    });
  });

  test("cost: at or under the slider value; 0 means no limit", () => {
    expect(toSearchCriteria({ cost: 25_000 })).toEqual({ program: { maxTuition: 25_000 } });
    expect(toSearchCriteria({ cost: 0 })).toEqual({});
  });

  test("unknown levels and fields are ignored rather than matching nothing", () => {
    expect(toSearchCriteria({ level: "Diploma", field: "Cooking" })).toEqual({});
  });

  test("combined filters become conditions on one and the same program", () => {
    expect(
      toSearchCriteria({ country: "DE", level: "Master's", field: "Law", cost: 10_000, q: "Berlin" }),
    ).toEqual({
      nameContains: "Berlin",
      countryCode: "DE",
      program: { degrees: ["MSc", "MA", "MEng", "MBA"], field: "Law", maxTuition: 10_000 },
    });
  });
});

test("likePattern matches user text literally", () => {
  expect(likePattern("tech")).toBe("%tech%");
  expect(likePattern("100%_a\\b")).toBe("%100\\%\\_a\\\\b%");
});
