import { addDays, dateOf, dayIn } from "@/lib/dates/days";

// The demo scholarships: a handful, made up, and marked as such where anyone reads them (the name
// starts "Demo:", the provider says "demo data", the official page is on example.org, a domain
// reserved for examples). Only a demo seed writes them; a production seed invents none. Deadlines
// are counted from the day of seeding, so that some are near and none has passed on a fresh
// database; one has no fixed deadline.

export const DEMO_SCHOLARSHIP_PREFIX = "Demo: ";
export const DEMO_SCHOLARSHIP_PROVIDER = "Demo Scholarship Fund (demo data)";
export const DEMO_SCHOLARSHIP_NOTE =
  "Sample data for demonstration: this scholarship does not exist. Search the providers' official pages for real ones.";

/** A demo scholarship as the seed writes it (levels and fields by their seeded names). */
export interface DemoScholarship {
  name: string;
  provider: string;
  description: string;
  amountMin: string | null;
  amountMax: string | null;
  currency: string | null;
  amountNote: string | null;
  nationalities: string[];
  levels: string[];
  fields: string[];
  minGrade: number | null;
  /** Midnight UTC of the deadline day, or null. */
  deadline: Date | null;
  officialUrl: string;
  studyCountry: string | null;
  /** Whose it is: the seed's chosen university, or its program, or none. */
  owner: "none" | "university" | "program";
}

const url = (slug: string) => `https://example.org/demo-scholarships/${slug}`;

/**
 * The demo scholarships. `university` is a seeded university with a Master's program (its name
 * goes into the university's own scholarships); without one, only those of no university.
 */
export function demoScholarships(today: Date, university: { name: string } | null): DemoScholarship[] {
  const day = (days: number) => dateOf(addDays(dayIn(today, "UTC"), days));
  const common = {
    description: DEMO_SCHOLARSHIP_NOTE,
    provider: DEMO_SCHOLARSHIP_PROVIDER,
    studyCountry: null,
  };
  const scholarships: DemoScholarship[] = [
    {
      ...common,
      name: `${DEMO_SCHOLARSHIP_PREFIX}Global Master's Merit Scholarship`,
      amountMin: "5000.00",
      amountMax: "10000.00",
      currency: "USD",
      amountNote: "per year",
      nationalities: [],
      levels: ["Master's"],
      fields: [],
      minGrade: 60,
      deadline: day(60),
      officialUrl: url("global-masters-merit"),
      owner: "none",
    },
    {
      ...common,
      name: `${DEMO_SCHOLARSHIP_PREFIX}Engineering Excellence Award`,
      amountMin: "3000.00",
      amountMax: null,
      currency: "EUR",
      amountNote: "once",
      nationalities: [],
      levels: ["Bachelor's"],
      fields: ["Engineering"],
      minGrade: 65,
      deadline: day(12),
      officialUrl: url("engineering-excellence"),
      studyCountry: "DE",
      owner: "none",
    },
    {
      ...common,
      name: `${DEMO_SCHOLARSHIP_PREFIX}African Leaders PhD Fellowship`,
      amountMin: "25000.00",
      amountMax: null,
      currency: "GBP",
      amountNote: "per year, with tuition",
      nationalities: ["ET", "GH", "KE", "NG", "TZ", "UG", "ZA"],
      levels: ["PhD"],
      fields: [],
      minGrade: 70,
      deadline: day(90),
      officialUrl: url("african-leaders-phd"),
      studyCountry: "GB",
      owner: "none",
    },
    {
      ...common,
      name: `${DEMO_SCHOLARSHIP_PREFIX}Open Study Grant`,
      amountMin: null,
      amountMax: "1500.00",
      currency: "USD",
      amountNote: "towards travel and books",
      nationalities: [],
      levels: [],
      fields: [],
      minGrade: null,
      deadline: null,
      officialUrl: url("open-study-grant"),
      owner: "none",
    },
  ];
  if (university) {
    scholarships.push(
      {
        ...common,
        name: `${DEMO_SCHOLARSHIP_PREFIX}${university.name} Entrance Scholarship`,
        amountMin: "2000.00",
        amountMax: "4000.00",
        currency: "USD",
        amountNote: "per year",
        nationalities: [],
        levels: [],
        fields: [],
        minGrade: 55,
        deadline: day(30),
        officialUrl: url("entrance"),
        owner: "university",
      },
      {
        ...common,
        name: `${DEMO_SCHOLARSHIP_PREFIX}${university.name} Master's Tuition Award`,
        amountMin: null,
        amountMax: null,
        currency: null,
        amountNote: "Half of the tuition",
        nationalities: [],
        levels: ["Master's"],
        fields: [],
        minGrade: 60,
        deadline: day(45),
        officialUrl: url("masters-tuition-award"),
        owner: "program",
      },
    );
  }
  return scholarships;
}
