// The columns of the import files and of the CSV exports, and the report an import
// gives. No server code: the admin page's client components import it too. An export has exactly
// these columns, so importing an export changes nothing.

export const IMPORT_TYPES = ["universities", "programs", "scholarships"] as const;
export type ImportType = (typeof IMPORT_TYPES)[number];

export interface ColumnDoc {
  name: string;
  required: boolean;
  description: string;
}

export const UNIVERSITY_COLUMNS: readonly ColumnDoc[] = [
  {
    name: "slug",
    required: false,
    description:
      "The university's address on the site (e.g. university-of-example), or one it had before a rename. " +
      "Matches an existing university; " +
      "for a new one it becomes its slug. Empty: matched by the website's host, and derived from the name.",
  },
  { name: "name", required: true, description: "The university's name (at most 200 characters)." },
  { name: "country", required: true, description: "The country's two-letter code (e.g. US) or its name." },
  {
    name: "webPage",
    required: false,
    description: "The website (http or https). Without a slug, the row is matched by this address's host.",
  },
  { name: "description", required: false, description: "Text, at most 10,000 characters; empty for none." },
  { name: "ranking", required: false, description: "A whole number from 1; empty for none." },
  {
    name: "rankingSource",
    required: false,
    description: "Who published the ranking (e.g. QS); needed with a ranking.",
  },
  { name: "rankingYear", required: false, description: "The ranking's edition (a year, e.g. 2026)." },
];

export const PROGRAM_COLUMNS: readonly ColumnDoc[] = [
  {
    name: "university",
    required: true,
    description: "The university's slug (as in its address on the site, or one it had before a rename).",
  },
  { name: "name", required: true, description: "The program's name (at most 200 characters)." },
  { name: "degree", required: true, description: "One of the degrees of the program form (e.g. MSc)." },
  { name: "level", required: true, description: "A study level of Settings (e.g. Master's)." },
  { name: "field", required: true, description: "A study field of Settings (e.g. Computer Science)." },
  { name: "duration", required: true, description: "Years, one of the durations of the program form." },
  { name: "tuition", required: true, description: "Per year, in the program's currency (e.g. 12000.00)." },
  {
    name: "currency",
    required: false,
    description:
      "The ISO 4217 code of the tuition (e.g. EUR). Empty or without the column: a new program is in US " +
      "dollars (USD), an existing one keeps its currency.",
  },
  {
    name: "deadline",
    required: true,
    description: "An ISO date-time (e.g. 2027-03-15T00:00:00.000Z); not in the past, unless unchanged.",
  },
  {
    name: "timeZone",
    required: false,
    description:
      "The IANA time zone the deadline day ends in, at 23:59 (e.g. Europe/Berlin). Empty: a new program " +
      "gets its university's country's zone (UTC where the country has several), an existing one keeps its own.",
  },
  { name: "description", required: true, description: "Text, at most 5,000 characters." },
  {
    name: "requiredDocuments",
    required: false,
    description:
      "The documents an application must include: document type names of Settings, separated by " +
      'semicolons (e.g. "Transcript; Passport"). An empty cell: none. Without the column, an existing ' +
      "program keeps its documents.",
  },
  {
    name: "optionalDocuments",
    required: false,
    description: "The documents an application may include, as requiredDocuments (none listed in both).",
  },
  {
    name: "referencesRequired",
    required: false,
    description:
      "How many references an application needs, 0 to 5. An empty cell: 0. Without the column, an " +
      "existing program keeps its number.",
  },
  // Entry requirements and fees: an empty cell means the university does not state it (and clears
  // a value an existing program had); without the column, an existing program keeps its value.
  {
    name: "minGrade",
    required: false,
    description:
      "The lowest grade admitted on the common 0-100 scale (40 pass, 50 a 2:2, 60 a 2:1, 70 a first; " +
      "README, Fit check). Empty: not stated.",
  },
  {
    name: "minIelts",
    required: false,
    description: "Minimum IELTS band, 0 to 9 in steps of 0.5. Empty: not stated.",
  },
  { name: "minToefl", required: false, description: "Minimum TOEFL iBT score, 0 to 120. Empty: not stated." },
  {
    name: "minDuolingo",
    required: false,
    description: "Minimum Duolingo English Test score, 10 to 160 in steps of 5. Empty: not stated.",
  },
  {
    name: "minCambridge",
    required: false,
    description: "Minimum Cambridge English Scale score (C1/C2), 80 to 230. Empty: not stated.",
  },
  {
    name: "startTerms",
    required: false,
    description:
      'The months the program starts, separated by semicolons (e.g. "2027-09; 2028-01"). Empty: not stated.',
  },
  {
    name: "tuitionHome",
    required: false,
    description:
      "Home students' tuition per year, in the program's currency (tuition is the international figure). Empty: not stated.",
  },
  {
    name: "applicationFee",
    required: false,
    description: "Per application, in the program's currency. Empty: not stated.",
  },
  {
    name: "visaSponsorship",
    required: false,
    description: 'Whether the university can sponsor a student visa: "yes" or "no". Empty: not stated.',
  },
];

// Who qualifies and the amount: an empty cell means "any" (a list) or "not stated" (a figure), and
// clears a value an existing scholarship had; without the column, an existing one keeps its value.
export const SCHOLARSHIP_COLUMNS: readonly ColumnDoc[] = [
  {
    name: "provider",
    required: true,
    description:
      "Who gives it (e.g. DAAD, or the university's name), at most 200 characters. With the name, what " +
      "matches a row to an existing live scholarship.",
  },
  { name: "name", required: true, description: "The scholarship's name (at most 200 characters)." },
  { name: "description", required: false, description: "Text, at most 5,000 characters; empty for none." },
  {
    name: "amountMin",
    required: false,
    description:
      "The amount, or the lowest of a range (e.g. 5000.00), in the currency's units. Empty: not stated (or " +
      '"up to" the highest).',
  },
  {
    name: "amountMax",
    required: false,
    description: "The highest amount of a range, at least amountMin. Empty: a single amount.",
  },
  {
    name: "currency",
    required: false,
    description: "The ISO 4217 code of the amounts (e.g. EUR); needed with an amount.",
  },
  {
    name: "amountNote",
    required: false,
    description: 'What the amount covers or how often (e.g. "per year", "full tuition"), one line.',
  },
  {
    name: "nationalities",
    required: false,
    description:
      'The nationalities that may apply, as two-letter country codes separated by semicolons (e.g. "KE; NG"). ' +
      "Empty: any nationality.",
  },
  {
    name: "levels",
    required: false,
    description: "Study levels of Settings it is for, separated by semicolons. Empty: any level.",
  },
  {
    name: "fields",
    required: false,
    description: "Study fields of Settings it is for, separated by semicolons. Empty: any field.",
  },
  {
    name: "minGrade",
    required: false,
    description: "The lowest grade accepted on the common 0-100 scale (60 is a 2:1). Empty: not stated.",
  },
  {
    name: "deadline",
    required: false,
    description:
      "The last day to apply (e.g. 2027-03-15); not in the past, unless unchanged. Empty: no fixed deadline.",
  },
  {
    name: "timeZone",
    required: false,
    description:
      "The IANA time zone the deadline day ends in, at 23:59 (e.g. Europe/Berlin). Empty: a new scholarship " +
      "gets its university's (or country of study's) zone, UTC where it has several; an existing one keeps its own.",
  },
  {
    name: "officialUrl",
    required: true,
    description: "The provider's page about it: a full http or https address.",
  },
  {
    name: "university",
    required: false,
    description:
      "The slug of the university it belongs to (as in its address on the site); needed with a program. " +
      "Empty: none. Without the column, an existing scholarship keeps its university or program.",
  },
  {
    name: "program",
    required: false,
    description:
      "The name of the university's program it belongs to, with programDegree; needs the university. Empty: none.",
  },
  { name: "programDegree", required: false, description: "That program's degree (e.g. MSc)." },
  {
    name: "studyCountry",
    required: false,
    description:
      "For a scholarship of no university: the two-letter code of the country it funds study in. Empty: anywhere.",
  },
];

/** How a cell lists several document types. */
export const LIST_SEPARATOR = "; ";

export const COLUMNS: Record<ImportType, readonly ColumnDoc[]> = {
  universities: UNIVERSITY_COLUMNS,
  programs: PROGRAM_COLUMNS,
  scholarships: SCHOLARSHIP_COLUMNS,
};

/** One example row per type, for the downloadable templates. */
export const TEMPLATE_EXAMPLES: Record<ImportType, Record<string, string>> = {
  universities: {
    slug: "",
    name: "University of Example",
    country: "US",
    webPage: "https://www.example.edu/",
    description: "",
    ranking: "",
    rankingSource: "",
    rankingYear: "",
  },
  programs: {
    university: "university-of-example",
    name: "Computer Science",
    degree: "MSc",
    level: "Master's",
    field: "Computer Science",
    duration: "2",
    tuition: "12000.00",
    currency: "USD",
    deadline: "2027-03-15T00:00:00.000Z",
    timeZone: "America/New_York",
    description: "A two-year master's program in computer science.",
    requiredDocuments: "Transcript; Passport",
    optionalDocuments: "CV",
    referencesRequired: "2",
    minGrade: "60",
    minIelts: "6.5",
    minToefl: "90",
    minDuolingo: "",
    minCambridge: "",
    startTerms: "2027-09",
    tuitionHome: "",
    applicationFee: "75.00",
    visaSponsorship: "yes",
  },
  scholarships: {
    provider: "Example Foundation",
    name: "Example Foundation Master's Scholarship",
    description: "For master's students from East Africa.",
    amountMin: "5000.00",
    amountMax: "10000.00",
    currency: "USD",
    amountNote: "per year",
    nationalities: "KE; TZ; UG",
    levels: "Master's",
    fields: "",
    minGrade: "60",
    deadline: "2027-03-15",
    timeZone: "",
    officialUrl: "https://www.example.org/scholarships/masters",
    university: "",
    program: "",
    programDegree: "",
    studyCountry: "",
  },
};

export type RowOutcome = "created" | "updated" | "unchanged" | "rejected";

export interface RowError {
  /** The column, as named in the file ("_" for the row as a whole). */
  field: string;
  message: string;
}

export interface RejectedRow {
  /** 1 for the first row after the header (the first element of a JSON array). */
  row: number;
  /** What identifies the row (slug, website, or university / name / degree), as far as it was read. */
  key: string;
  errors: RowError[];
}

export interface ChangedRow {
  row: number;
  key: string;
  outcome: "created" | "updated";
  /** For an update: the columns that change. */
  fields: string[];
}

export interface ImportReport {
  type: ImportType;
  fileName: string;
  /** True when the changes were saved (apply without rejected rows). */
  applied: boolean;
  counts: Record<RowOutcome, number> & { total: number };
  /** The first MAX_REPORTED_ROWS rejected rows. */
  rejected: RejectedRow[];
  /** The first MAX_REPORTED_ROWS created or updated rows. */
  changes: ChangedRow[];
}

export const MAX_REPORTED_ROWS = 100;
