import type { Degree, ProgramField, StudyLevel } from "@/lib/constants";
import { COUNTRY_TIME_ZONES, countryTimeZone } from "@/lib/dates/country-zones";
import type { ProgramRequirements } from "@/lib/fit/requirements";

// Demo programs for the seeded universities: deterministic (the same university always gets the
// same programs), spread over every level, degree, program-form field, duration (1 to 6 years) and
// tuition band of the cost slider, with names that contain the search filter's fields.

export interface SeedProgram {
  name: string;
  description: string;
  level: StudyLevel;
  field: ProgramField;
  degree: Degree;
  duration: number;
  /** USD per year, two decimals. */
  tuition: string;
  deadline: Date;
  /** Demo entry requirements and fees (demoRequirements): null where the demo "does not state" one. */
  requirements: ProgramRequirements;
}

interface Subject {
  /** Program names; each contains the search field it should be found by. */
  names: readonly string[];
  field: ProgramField;
  degrees: readonly Degree[];
}

// Search fields covered, by name: Arts, Business, Computer Science, Engineering, Law, Medicine,
// Science (and Social Sciences).
const SUBJECTS: readonly Subject[] = [
  {
    names: ["Computer Science", "Applied Computer Science", "Computer Science and Artificial Intelligence"],
    field: "Computer Science",
    degrees: ["BSc", "MSc", "PhD", "BEng", "MEng"],
  },
  {
    names: ["Software Engineering", "Computer Engineering"],
    field: "Computer Science",
    degrees: ["BEng", "MEng", "BSc", "MSc"],
  },
  {
    names: ["Mechanical Engineering", "Civil Engineering", "Electrical Engineering", "Chemical Engineering"],
    field: "Engineering",
    degrees: ["BEng", "MEng", "BSc", "MSc", "PhD"],
  },
  {
    names: ["Business Administration", "International Business", "Business Analytics"],
    field: "Business",
    degrees: ["BBA", "MBA", "DBA", "BA", "MA", "MSc"],
  },
  {
    names: ["Finance and Business Economics"],
    field: "Business",
    degrees: ["BSc", "MSc", "BA"],
  },
  {
    names: ["Law", "International Law", "Business Law"],
    field: "Law",
    degrees: ["LLB", "LLM", "PhD", "BA", "MA"],
  },
  { names: ["Medicine", "Medicine and Surgery"], field: "Medicine", degrees: ["MD", "BSc", "MSc", "PhD"] },
  { names: ["Public Health Science", "Nursing Science"], field: "Health", degrees: ["BSc", "MSc", "PhD"] },
  { names: ["Fine Arts", "Liberal Arts", "Performing Arts"], field: "Art", degrees: ["BA", "MA", "PhD"] },
  {
    names: ["Social Sciences", "Political Science", "Psychology and Social Sciences"],
    field: "Social Science",
    degrees: ["BA", "MA", "BSc", "MSc", "PhD"],
  },
  {
    names: ["Natural Sciences", "Biological Science"],
    field: "Natural Science",
    degrees: ["BSc", "MSc", "PhD"],
  },
  {
    names: ["Mathematics", "Mathematics and Statistics"],
    field: "Mathematics",
    degrees: ["BSc", "MSc", "PhD", "BA"],
  },
  { names: ["Education Science", "Teaching Arts"], field: "Education", degrees: ["BA", "MA", "EdD", "PhD"] },
  { names: ["Agricultural Science", "Food Science"], field: "Agriculture", degrees: ["BSc", "MSc", "PhD"] },
  {
    names: ["Environmental Science", "Environmental Engineering"],
    field: "Environment",
    degrees: ["BSc", "MSc", "BEng", "PhD"],
  },
  {
    names: ["Architecture", "Landscape Architecture"],
    field: "Architecture",
    degrees: ["BArch", "MArch", "PhD"],
  },
  { names: ["Design Arts", "Interaction Design Science"], field: "Design", degrees: ["BA", "MA", "BSc"] },
  {
    names: ["Communication Science", "Communication Arts"],
    field: "Communication",
    degrees: ["BA", "MA", "PhD"],
  },
  {
    names: ["Media Studies and Digital Arts", "Journalism and Media Studies"],
    field: "Media Studies",
    degrees: ["BA", "MA"],
  },
];

const LEVEL_OF: Record<Degree, StudyLevel> = {
  BA: "Bachelor's",
  BSc: "Bachelor's",
  BEng: "Bachelor's",
  BBA: "Bachelor's",
  LLB: "Bachelor's",
  BArch: "Bachelor's",
  MA: "Master's",
  MSc: "Master's",
  MBA: "Master's",
  MEng: "Master's",
  LLM: "Master's",
  MArch: "Master's",
  PhD: "PhD",
  DBA: "PhD",
  EdD: "PhD",
  MD: "PhD",
};

/** Typical lengths in years; together they cover the form's options 1 to 6. */
const DURATIONS: Record<StudyLevel, readonly number[]> = {
  "Bachelor's": [3, 4, 4],
  "Master's": [1, 2, 2],
  PhD: [3, 4, 5],
};
const SPECIAL_DURATIONS: Partial<Record<Degree, number>> = { BArch: 5, MD: 6 };

/** Tuition bands (USD per year) spanning the cost slider's 0 to 100,000. */
const TUITION_BANDS: readonly [number, number][] = [
  [0, 2_000],
  [2_000, 10_000],
  [10_000, 25_000],
  [25_000, 45_000],
  [45_000, 70_000],
  [70_000, 99_000],
];

/** FNV-1a: a stable 32-bit seed from a string. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: a small deterministic PRNG, returning floats in [0, 1). */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DAY_MS = 86_400_000;

/**
 * 3 to 8 programs for the university with this slug. Deadlines fall 30 to 400 days after
 * `today` (midnight UTC), so they stay in the future for a year after seeding.
 */
export function generatePrograms(slug: string, universityName: string, today: Date): SeedProgram[] {
  const random = createRandom(hashString(slug));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const count = 3 + Math.floor(random() * 6);
  const midnight = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const seen = new Set<string>();
  const programs: SeedProgram[] = [];

  while (programs.length < count) {
    const subject = pick(SUBJECTS);
    const name = pick(subject.names);
    const degree = pick(subject.degrees);
    if (seen.has(`${degree} ${name}`)) continue;
    seen.add(`${degree} ${name}`);

    const level = LEVEL_OF[degree];
    const duration = SPECIAL_DURATIONS[degree] ?? pick(DURATIONS[level]);
    const [low, high] = pick(TUITION_BANDS);
    // Whole hundreds, as fees are usually quoted; the bottom band includes free tuition.
    const tuition = Math.round((low + random() * (high - low)) / 100) * 100;
    const deadline = new Date(midnight + (30 + Math.floor(random() * 371)) * DAY_MS);

    programs.push({
      name,
      description:
        `The ${degree} in ${name} at ${universityName} is a ${duration}-year ${level} programme ` +
        `combining core coursework in ${subject.field.toLowerCase()} with independent project work.`,
      level,
      field: subject.field,
      degree,
      duration,
      tuition: tuition.toFixed(2),
      deadline,
      requirements: demoRequirements(`${slug}|${degree} ${name}`, level, tuition, deadline),
    });
  }
  return programs;
}

/** IELTS bands and the scores commonly accepted as equal: TOEFL iBT, Duolingo, Cambridge. */
const ENGLISH_EQUIVALENTS: Record<string, [number, number, number]> = {
  "6": [80, 105, 169],
  "6.5": [90, 115, 176],
  "7": [100, 125, 185],
};

/**
 * Plausible entry requirements and fees for a demo program, from their own random stream (so the
 * programs themselves stay what they were): some left unstated, as real listings often are.
 */
export function demoRequirements(
  key: string,
  level: StudyLevel,
  tuition: number,
  deadline: Date,
): ProgramRequirements {
  const random = createRandom(hashString(`${key}|requirements`));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const grades: Record<StudyLevel, readonly (number | null)[]> = {
    "Bachelor's": [null, 40, 50, 55, 60],
    "Master's": [null, 50, 55, 60, 60, 65],
    PhD: [null, 60, 65, 70],
  };
  const ielts = pick([null, 6, 6.5, 6.5, 7]);
  const [toefl, duolingo, cambridge] =
    ielts === null ? [null, null, null] : ENGLISH_EQUIVALENTS[String(ielts)];
  // The autumn after the deadline, sometimes a January start as well.
  const year = deadline.getUTCFullYear() + (deadline.getUTCMonth() >= 7 ? 1 : 0);
  const terms = pick([[], [`${year}-09`], [`${year}-09`], [`${year}-09`, `${year + 1}-01`]]);
  const home = random() < 0.4 ? Math.round((tuition * 0.3) / 100) * 100 : null;
  const fee = pick([null, null, 0, 50, 75, 100]);
  return {
    minGrade: pick(grades[level]),
    minIelts: ielts,
    minToefl: random() < 0.8 ? toefl : null,
    minDuolingo: random() < 0.5 ? duolingo : null,
    minCambridge: random() < 0.5 ? cambridge : null,
    startTerms: terms,
    tuitionHome: home === null ? null : home.toFixed(2),
    applicationFee: fee === null ? null : fee.toFixed(2),
    visaSponsorship: pick([null, true, true, false]),
  };
}

/**
 * Demo programs' time zone for countries with several clocks, where real data would need the
 * university's city: the capital's or largest city's zone, which is good enough for sample
 * programs. Real programs of these countries get "UTC" until an admin sets their zone
 * (lib/dates/country-zones.ts).
 */
const DEMO_ZONES_OF_MANY_ZONE_COUNTRIES: Readonly<Record<string, string>> = {
  US: "America/New_York",
  CA: "America/Toronto",
  MX: "America/Mexico_City",
  BR: "America/Sao_Paulo",
  CL: "America/Santiago",
  EC: "America/Guayaquil",
  GL: "America/Godthab",
  AU: "Australia/Sydney",
  NZ: "Pacific/Auckland",
  PG: "Pacific/Port_Moresby",
  FM: "Pacific/Ponape",
  KI: "Pacific/Tarawa",
  PF: "Pacific/Tahiti",
  RU: "Europe/Moscow",
  UA: "Europe/Kiev",
  ES: "Europe/Madrid",
  PT: "Europe/Lisbon",
  CN: "Asia/Shanghai",
  ID: "Asia/Jakarta",
  MN: "Asia/Ulaanbaatar",
  CD: "Africa/Kinshasa",
};

/** The time zone of a demo program at a university in the country (ISO 3166-1 alpha-2). */
export function demoTimeZone(code: string): string {
  return COUNTRY_TIME_ZONES[code] ?? DEMO_ZONES_OF_MANY_ZONE_COUNTRIES[code] ?? countryTimeZone(code);
}
