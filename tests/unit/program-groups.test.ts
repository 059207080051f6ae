import { groupByLevel } from "@/lib/programs/groups";

// The university page's tabs: one per study level of settings, each program under its own level
// (its degree does not decide: LLB, BBA, EdD, DBA or MD programs sit under their level too).

const LEVELS = ["Bachelor's", "Master's", "PhD"];

describe("groupByLevel", () => {
  test("puts every program under its own level, whatever its degree, keeping their order", () => {
    const programs = [
      { id: 1, degree: "MSc", level: "Master's" },
      { id: 2, degree: "BBA", level: "Bachelor's" },
      { id: 3, degree: "LLB", level: "Bachelor's" },
      { id: 4, degree: "EdD", level: "PhD" },
      { id: 5, degree: "LLM", level: "Master's" },
      { id: 6, degree: "MD", level: "PhD" },
      { id: 7, degree: "BArch", level: "Bachelor's" },
      { id: 8, degree: "DBA", level: "PhD" },
    ];
    expect(groupByLevel(programs, LEVELS).map((g) => [g.level, g.programs.map((p) => p.id)])).toEqual([
      ["Bachelor's", [2, 3, 7]],
      ["Master's", [1, 5]],
      ["PhD", [4, 6, 8]],
    ]);
  });

  test("gives a tab to every level of the list, in its order, empty ones and added ones included", () => {
    const levels = ["Foundation", ...LEVELS, "Diploma"];
    const groups = groupByLevel([{ degree: "Cert", level: "Diploma" }], levels);
    expect(groups.map((g) => g.level)).toEqual(levels);
    expect(groups.at(-1)!.programs).toEqual([{ degree: "Cert", level: "Diploma" }]);
    expect(groupByLevel([], LEVELS).map((g) => g.programs)).toEqual([[], [], []]);
  });

  test("a program whose level the list does not hold yet gets a tab after the others", () => {
    const groups = groupByLevel([{ level: "Postdoc" }], LEVELS);
    expect(groups.map((g) => g.level)).toEqual([...LEVELS, "Postdoc"]);
  });
});
