import { UNIVERSITY_PAGE_DEGREE_GROUPS } from "@/lib/constants";
import { groupByTab, tabOf } from "@/lib/programs/groups";

// SPEC §9: the university page's degree groups, which differ from the search filter's.

describe("tabOf: the university page's degree groups", () => {
  test.each([
    ["BSc", "Bachelor's"],
    ["BA", "Bachelor's"],
    ["BEng", "Bachelor's"],
    ["BArch", "Bachelor's"],
    ["BBA", "Bachelor's"],
    ["BIT", "Bachelor's"],
    ["MSc", "Master's"],
    ["MA", "Master's"],
    ["MEng", "Master's"],
    ["MBA", "Master's"],
    ["LLM", "Master's"],
    ["PhD", "PhD"],
  ])("%s goes to the %s tab", (degree, tab) => {
    expect(tabOf({ degree, level: "something else" })).toBe(tab);
  });

  test("the degree wins over a level that disagrees with it", () => {
    expect(tabOf({ degree: "BBA", level: "Master's" })).toBe("Bachelor's");
    expect(tabOf({ degree: "LLM", level: "PhD" })).toBe("Master's");
    expect(tabOf({ degree: "PhD", level: "Bachelor's" })).toBe("PhD");
  });

  test.each([
    ["LLB", "Bachelor's"],
    ["MArch", "Master's"],
    ["MD", "PhD"],
    ["DBA", "PhD"],
    ["EdD", "PhD"],
  ])("%s, outside the groups, falls back to its level (%s)", (degree, level) => {
    expect(tabOf({ degree, level })).toBe(level);
  });

  test("a degree outside the groups with an unknown level belongs to no tab", () => {
    expect(tabOf({ degree: "LLB", level: "Diploma" })).toBeNull();
  });

  test("the groups hold exactly the degrees SPEC §9 lists", () => {
    expect(UNIVERSITY_PAGE_DEGREE_GROUPS).toEqual({
      "Bachelor's": ["BSc", "BA", "BEng", "BArch", "BBA", "BIT"],
      "Master's": ["MSc", "MA", "MEng", "MBA", "LLM"],
      PhD: ["PhD"],
    });
  });
});

describe("groupByTab", () => {
  test("puts every program under its tab, keeping their order", () => {
    const programs = [
      { id: 1, degree: "MSc", level: "Master's" },
      { id: 2, degree: "BBA", level: "Bachelor's" },
      { id: 3, degree: "LLB", level: "Bachelor's" },
      { id: 4, degree: "PhD", level: "PhD" },
      { id: 5, degree: "LLM", level: "Master's" },
      { id: 6, degree: "MD", level: "PhD" },
      { id: 7, degree: "BA", level: "Bachelor's" },
    ];
    const groups = groupByTab(programs);
    expect(groups["Bachelor's"].map((p) => p.id)).toEqual([2, 3, 7]);
    expect(groups["Master's"].map((p) => p.id)).toEqual([1, 5]);
    expect(groups.PhD.map((p) => p.id)).toEqual([4, 6]);
  });

  test("gives all three tabs, empty ones included", () => {
    expect(groupByTab([{ degree: "MBA", level: "Master's" }])).toEqual({
      "Bachelor's": [],
      "Master's": [{ degree: "MBA", level: "Master's" }],
      PhD: [],
    });
    expect(groupByTab([])).toEqual({ "Bachelor's": [], "Master's": [], PhD: [] });
  });

  test("leaves out a program that fits no tab", () => {
    const groups = groupByTab([{ degree: "Cert", level: "Diploma" }]);
    expect(Object.values(groups).flat()).toEqual([]);
  });
});
