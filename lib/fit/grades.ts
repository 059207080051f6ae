// A student's grade on its own scale, and the one figure the fit check compares: the common scale,
// 0 to 100, where higher is better. It is not a percentile: it is anchored on the UK degree
// classes, the bands most admissions conversion tables are written against:
//
//   40 = pass (third class)   50 = lower second (2:2)   60 = upper second (2:1)   70 = first
//
// Each scale maps to it by straight lines between anchor points (its fail/pass mark, the grades
// commonly taken as equal to each class, and its top), so the figure rises with the grade and each
// scale's top is 100:
//
//   percentage   0-100, as it is (70% = 70)
//   gpa4         0 → 0, 2.0 → 40, 3.0 → 50, 3.3 → 60, 3.7 → 70, 4.0 → 100
//   gpa5         the grade × 4/5, then as gpa4 (4.0 of 5 = 3.2 of 4)
//   german       1.0 is best, 4.0 the pass mark: 5.0 → 0, 4.0 → 40, 3.0 → 50, 2.5 → 60, 1.7 → 70, 1.0 → 100
//   ib           IB Diploma points out of 45: 0 → 0, 24 → 40, 30 → 50, 34 → 60, 38 → 70, 45 → 100
//   uk_class     first → 70, upper second → 60, lower second → 50, third → 40
//
// The figure is rounded to one decimal. A program's minimum grade is entered on the same scale, so
// "a 2:1 or equivalent" is 60. This module is client-safe: the profile form shows the figure
// as the student types, and the server derives the stored one with the same function.

export const GRADE_SCALES = ["gpa4", "gpa5", "percentage", "uk_class", "german", "ib"] as const;
export type GradeScale = (typeof GRADE_SCALES)[number];

export const GRADE_SCALE_LABELS: Record<GradeScale, string> = {
  gpa4: "GPA out of 4",
  gpa5: "GPA out of 5",
  percentage: "Percentage (0-100)",
  uk_class: "UK degree class",
  german: "German grade (1.0 best to 5.0)",
  ib: "IB Diploma points (out of 45)",
};

export const UK_CLASSES = ["first", "upper-second", "lower-second", "third"] as const;
export type UkClass = (typeof UK_CLASSES)[number];
export const UK_CLASS_LABELS: Record<UkClass, string> = {
  first: "First",
  "upper-second": "Upper second (2:1)",
  "lower-second": "Lower second (2:2)",
  third: "Third",
};
const UK_CLASS_SCORES: Record<UkClass, number> = {
  first: 70,
  "upper-second": 60,
  "lower-second": 50,
  third: 40,
};

type Anchors = readonly (readonly [grade: number, score: number])[];

/** Numeric scales: their range, decimals allowed, and anchors (grade → score, grade ascending). */
const NUMERIC: Record<
  Exclude<GradeScale, "uk_class">,
  { min: number; max: number; decimals: number; anchors: Anchors }
> = {
  percentage: {
    min: 0,
    max: 100,
    decimals: 2,
    anchors: [
      [0, 0],
      [100, 100],
    ],
  },
  gpa4: {
    min: 0,
    max: 4,
    decimals: 2,
    anchors: [
      [0, 0],
      [2, 40],
      [3, 50],
      [3.3, 60],
      [3.7, 70],
      [4, 100],
    ],
  },
  gpa5: { min: 0, max: 5, decimals: 2, anchors: [] },
  german: {
    min: 1,
    max: 5,
    decimals: 2,
    anchors: [
      [1, 100],
      [1.7, 70],
      [2.5, 60],
      [3, 50],
      [4, 40],
      [5, 0],
    ],
  },
  ib: {
    min: 0,
    max: 45,
    decimals: 0,
    anchors: [
      [0, 0],
      [24, 40],
      [30, 50],
      [34, 60],
      [38, 70],
      [45, 100],
    ],
  },
};

/** The score at `grade` on the lines between `anchors` (sorted by grade; either direction of score). */
function interpolate(anchors: Anchors, grade: number): number {
  for (let index = 1; index < anchors.length; index++) {
    const [x0, y0] = anchors[index - 1];
    const [x1, y1] = anchors[index];
    if (grade <= x1) return y0 + ((grade - x0) * (y1 - y0)) / (x1 - x0);
  }
  return anchors[anchors.length - 1][1];
}

const roundToTenth = (value: number) => Math.round(value * 10 + Number.EPSILON) / 10;

/** What a grade on `scale` may be, in words (the form's hint and the schema's message). */
export function gradeRangeText(scale: GradeScale): string {
  if (scale === "uk_class") return "Choose a UK degree class: first, upper-second, lower-second or third";
  const { min, max, decimals } = NUMERIC[scale];
  const places =
    decimals === 0 ? "a whole number" : `a number with up to ${decimals} decimal${decimals > 1 ? "s" : ""}`;
  return `${GRADE_SCALE_LABELS[scale]}: enter ${places} from ${min} to ${max}`;
}

/**
 * The grade as a number on its scale, or null when it is not one (out of range, too many decimals,
 * not a number). A UK class is not numeric: null.
 */
export function parseGrade(scale: GradeScale, grade: string): number | null {
  if (scale === "uk_class") return null;
  const { min, max, decimals } = NUMERIC[scale];
  const text = grade.trim().replace(",", ".");
  const pattern = decimals === 0 ? /^\d+$/ : new RegExp(`^\\d+(\\.\\d{1,${decimals}})?$`);
  if (!pattern.test(text)) return null;
  const value = Number(text);
  return value >= min && value <= max ? value : null;
}

/** The grade on the common 0-100 scale (rules above), or null when it is not a grade of its scale. */
export function normaliseGrade(scale: GradeScale, grade: string): number | null {
  if (scale === "uk_class") {
    const key = grade.trim().toLowerCase() as UkClass;
    return Object.hasOwn(UK_CLASS_SCORES, key) ? UK_CLASS_SCORES[key] : null;
  }
  const value = parseGrade(scale, grade);
  if (value === null) return null;
  if (scale === "gpa5") return roundToTenth(interpolate(NUMERIC.gpa4.anchors, (value * 4) / 5));
  return roundToTenth(interpolate(NUMERIC[scale].anchors, value));
}

/** A grade as the student gave it ("3.6 (GPA out of 4)", "Upper second (2:1)"). */
export function describeGrade(scale: GradeScale, grade: string): string {
  if (scale === "uk_class") return UK_CLASS_LABELS[grade as UkClass] ?? grade;
  return `${grade} (${GRADE_SCALE_LABELS[scale]})`;
}
