import { englishScoreProblem } from "@/lib/fit/english";
import { describeGrade, gradeRangeText, normaliseGrade, parseGrade } from "@/lib/fit/grades";
import { formatTerm, isTerm, splitTerms } from "@/lib/fit/terms";

describe("normaliseGrade: each scale's anchors and ends", () => {
  test.each([
    ["percentage", "0", 0],
    ["percentage", "39.5", 39.5],
    ["percentage", "100", 100],
    ["gpa4", "0", 0],
    ["gpa4", "2.0", 40],
    ["gpa4", "2.5", 45],
    ["gpa4", "3.0", 50],
    ["gpa4", "3.3", 60],
    ["gpa4", "3.7", 70],
    ["gpa4", "3.85", 85],
    ["gpa4", "4", 100],
    ["gpa5", "5", 100],
    ["gpa5", "4.0", 56.7],
    ["gpa5", "2.5", 40],
    ["gpa5", "0", 0],
    ["german", "1.0", 100],
    ["german", "1.7", 70],
    ["german", "2.5", 60],
    ["german", "3.0", 50],
    ["german", "4.0", 40],
    ["german", "5.0", 0],
    ["german", "1,3", 87.1],
    ["ib", "0", 0],
    ["ib", "24", 40],
    ["ib", "30", 50],
    ["ib", "34", 60],
    ["ib", "38", 70],
    ["ib", "45", 100],
    ["uk_class", "first", 70],
    ["uk_class", "upper-second", 60],
    ["uk_class", "lower-second", 50],
    ["uk_class", "third", 40],
  ] as const)("%s %s -> %d", (scale, grade, score) => {
    expect(normaliseGrade(scale, grade)).toBe(score);
  });

  test("a better grade never scores lower (German: lower is better)", () => {
    const german = [5, 4.5, 4, 3.3, 3, 2.7, 2.5, 2, 1.7, 1.3, 1].map((g) =>
      normaliseGrade("german", String(g))!,
    );
    expect([...german].sort((a, b) => a - b)).toEqual(german);
    const gpa = [0, 1, 2, 2.7, 3, 3.3, 3.5, 3.7, 3.9, 4].map((g) => normaliseGrade("gpa4", String(g))!);
    expect([...gpa].sort((a, b) => a - b)).toEqual(gpa);
  });

  test.each([
    ["percentage", "100.01"],
    ["percentage", "-1"],
    ["gpa4", "4.01"],
    ["gpa4", "3.333"],
    ["gpa5", "5.1"],
    ["german", "0.9"],
    ["german", "5.1"],
    ["ib", "46"],
    ["ib", "30.5"],
    ["uk_class", "2:1"],
    ["gpa4", ""],
    ["gpa4", "abc"],
    ["gpa4", "1e0"],
  ] as const)("%s %p is not a grade of its scale", (scale, grade) => {
    expect(normaliseGrade(scale, grade)).toBeNull();
  });

  test("parseGrade has no number for UK classes; the texts name the range", () => {
    expect(parseGrade("uk_class", "first")).toBeNull();
    expect(parseGrade("gpa4", " 3.5 ")).toBe(3.5);
    expect(gradeRangeText("ib")).toBe("IB Diploma points (out of 45): enter a whole number from 0 to 45");
    expect(gradeRangeText("german")).toMatch(/from 1 to 5/);
    expect(describeGrade("uk_class", "upper-second")).toBe("Upper second (2:1)");
    expect(describeGrade("gpa4", "3.6")).toBe("3.6 (GPA out of 4)");
  });
});

describe("English scores at their ends and steps", () => {
  test.each([
    ["ielts", 0, true],
    ["ielts", 9, true],
    ["ielts", 6.5, true],
    ["ielts", 6.25, false],
    ["ielts", 9.5, false],
    ["ielts", -0.5, false],
    ["toefl", 0, true],
    ["toefl", 120, true],
    ["toefl", 121, false],
    ["toefl", 90.5, false],
    ["duolingo", 10, true],
    ["duolingo", 160, true],
    ["duolingo", 5, false],
    ["duolingo", 165, false],
    ["duolingo", 112, false],
    ["cambridge", 80, true],
    ["cambridge", 230, true],
    ["cambridge", 79, false],
    ["cambridge", 231, false],
  ] as const)("%s %d valid: %s", (test, score, valid) => {
    expect(englishScoreProblem(test, score) === null).toBe(valid);
  });

  test("the message says the range and step", () => {
    expect(englishScoreProblem("ielts", 10)).toBe("IELTS scores go from 0 to 9, in steps of 0.5");
    expect(englishScoreProblem("duolingo", 3)).toBe(
      "Duolingo English Test scores go from 10 to 160, in steps of 5",
    );
  });
});

describe("start terms", () => {
  test.each([
    ["2027-09", true],
    ["2027-12", true],
    ["2027-01", true],
    ["2027-13", false],
    ["2027-00", false],
    ["2027-9", false],
    ["1999-09", false],
    ["2101-01", false],
  ])("%s is a term: %s", (term, valid) => expect(isTerm(term)).toBe(valid));

  test("named in words, split from a typed list", () => {
    expect(formatTerm("2027-09")).toBe("September 2027");
    expect(splitTerms("2028-01, 2027-09\n2027-09;")).toEqual(["2027-09", "2028-01"]);
  });
});
