// Business constants, forms, the seed and validation all read them from here.

export const STUDY_LEVELS = ["Bachelor's", "Master's", "PhD"] as const;
export type StudyLevel = (typeof STUDY_LEVELS)[number];

/** Study fields offered by the home and search filters (alphabetical). */
export const SEARCH_FIELDS = [
  "Arts",
  "Business",
  "Computer Science",
  "Engineering",
  "Law",
  "Medicine",
  "Science",
  "Social Sciences",
] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

/** Study fields of the program form. */
export const PROGRAM_FIELDS = [
  "Art",
  "Business",
  "Law",
  "Computer Science",
  "Engineering",
  "Social Science",
  "Natural Science",
  "Mathematics",
  "Medicine",
  "Health",
  "Education",
  "Agriculture",
  "Environment",
  "Architecture",
  "Design",
  "Communication",
  "Media Studies",
] as const;
export type ProgramField = (typeof PROGRAM_FIELDS)[number];

export const DEGREES = [
  "BA",
  "BSc",
  "BEng",
  "BBA",
  "LLB",
  "BArch",
  "MA",
  "MSc",
  "MBA",
  "MEng",
  "LLM",
  "MArch",
  "PhD",
  "DBA",
  "EdD",
  "MD",
] as const;
export type Degree = (typeof DEGREES)[number];

/** Duration options of the program form, in years. */
export const DURATIONS = [1, 2, 3, 4, 5, 6] as const;

export const TUITION_SLIDER = { min: 0, max: 100_000, step: 1_000 } as const;
