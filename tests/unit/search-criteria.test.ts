import { toSearchCriteria } from "@/lib/universities/criteria";

describe("toSearchCriteria: the search's matching rules", () => {
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

  test.each(["Bachelor's", "Master's", "PhD", "Foundation year"])(
    "level %s is the program's own level, whatever its degree",
    (level) => {
      expect(toSearchCriteria({ level })).toEqual({ program: { level } });
    },
  );

  test("field: the program's name contains it", () => {
    expect(toSearchCriteria({ field: "Computer Science" })).toEqual({
      program: { field: "Computer Science" },
    });
  });

  test("cost: at or under the slider value; 0 means no limit", () => {
    expect(toSearchCriteria({ cost: 25_000 })).toEqual({ program: { maxTuition: 25_000 } });
    expect(toSearchCriteria({ cost: 0 })).toEqual({});
  });

  test("an unknown field is ignored; a level is a name of the study list in settings, so kept", () => {
    expect(toSearchCriteria({ field: "Cooking" })).toEqual({});
    expect(toSearchCriteria({ level: "Diploma" })).toEqual({ program: { level: "Diploma" } });
  });

  test("combined filters become conditions on one and the same program", () => {
    expect(
      toSearchCriteria({ country: "DE", level: "Master's", field: "Law", cost: 10_000, q: "Berlin" }),
    ).toEqual({
      nameContains: "Berlin",
      countryCode: "DE",
      program: { level: "Master's", field: "Law", maxTuition: 10_000 },
    });
  });
});
