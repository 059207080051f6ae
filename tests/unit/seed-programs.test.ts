import { requirementShape } from "@/lib/fit/requirements";
import { z } from "@/lib/validation/zod";
import { generatePrograms } from "@/lib/db/seed/programs";
import { DEGREES, PROGRAM_FIELDS, STUDY_LEVELS, TUITION_SLIDER } from "@/lib/constants";

const today = new Date("2026-11-21T15:00:00Z");

test("the same university always gets the same programs", () => {
  expect(generatePrograms("example-university", "Example University", today)).toEqual(
    generatePrograms("example-university", "Example University", today),
  );
  expect(generatePrograms("example-university", "Example University", today)).not.toEqual(
    generatePrograms("another-university", "Another University", today),
  );
});

test("3 to 8 distinct programs with valid values", () => {
  for (let i = 0; i < 500; i++) {
    const programs = generatePrograms(`university-${i}`, `University ${i}`, today);
    expect(programs.length).toBeGreaterThanOrEqual(3);
    expect(programs.length).toBeLessThanOrEqual(8);
    expect(new Set(programs.map((p) => `${p.degree} ${p.name}`)).size).toBe(programs.length);
    for (const p of programs) {
      expect(STUDY_LEVELS).toContain(p.level);
      expect(DEGREES).toContain(p.degree);
      expect(PROGRAM_FIELDS).toContain(p.field);
      expect(p.duration).toBeGreaterThanOrEqual(1);
      expect(p.duration).toBeLessThanOrEqual(6);
      expect(p.tuition).toMatch(/^\d+\.\d{2}$/);
      expect(Number(p.tuition)).toBeGreaterThanOrEqual(TUITION_SLIDER.min);
      expect(Number(p.tuition)).toBeLessThanOrEqual(TUITION_SLIDER.max);
      const days = (p.deadline.getTime() - Date.UTC(2026, 10, 21)) / 86_400_000;
      expect(days).toBeGreaterThanOrEqual(30);
      expect(days).toBeLessThanOrEqual(400);
      expect(p.description).toContain(`University ${i}`);
    }
  }
});

describe("demo entry requirements", () => {
  const programs = Array.from({ length: 60 }, (_, i) =>
    generatePrograms(`demo-${i}`, `Demo ${i}`, new Date("2026-11-27T00:00:00Z")),
  ).flat();

  test("are the same on every run, and pass the program form's own checks", () => {
    const again = generatePrograms("demo-7", "Demo 7", new Date("2026-11-27T00:00:00Z"));
    expect(again.map((p) => p.requirements)).toEqual(
      programs.filter((p) => p.description.includes("at Demo 7 ")).map((p) => p.requirements),
    );
    const schema = z.object(requirementShape);
    for (const { requirements } of programs) expect(schema.safeParse(requirements).success).toBe(true);
  });

  test("leave some unstated, as real listings do", () => {
    for (const field of ["minGrade", "minIelts", "visaSponsorship", "applicationFee"] as const) {
      expect(programs.some((p) => p.requirements[field] === null)).toBe(true);
      expect(programs.some((p) => p.requirements[field] !== null)).toBe(true);
    }
    expect(programs.some((p) => p.requirements.startTerms.length === 0)).toBe(true);
  });
});
