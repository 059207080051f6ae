import { NO_REQUIREMENTS } from "@/lib/fit/requirements";
import type { UniversityWithPrograms } from "@/lib/universities/queries.server";
import {
  absoluteImageUrl,
  describeUniversity,
  safeWebsite,
  serializeJsonLd,
  summarize,
  universityJsonLd,
  universityUrl,
} from "@/lib/universities/seo.server";

const BASE = "https://unisearch.example";

const university: UniversityWithPrograms = {
  id: 7,
  name: "Harbour </script><script>alert(1)</script> University",
  slug: "harbour-university",
  country: "New Zealand",
  countryCode: "NZ",
  description: "A university by the sea.",
  version: 1,
  mainImage: "/uploads/harbour.jpg",
  images: ["https://cdn.example/a.jpg", "data:image/png;base64,AAAA"],
  ranking: 12,
  rankingSource: "QS",
  rankingYear: 2026,
  webPage: "https://harbour.example/",
  updatedAt: new Date("2026-01-01T00:00:00Z"),
  lastUpdated: new Date("2026-01-01T00:00:00Z"),
  archived: false,
  programs: [
    {
      id: 41,
      name: "Marine Biology",
      description: "Fish.",
      level: "Master's",
      field: "Natural Science",
      degree: "MSc",
      duration: 2,
      tuition: "12000.00",
      currency: "USD",
      deadline: new Date("2027-03-15T00:00:00Z"),
      timeZone: "Europe/London",
      requiredDocuments: ["Transcript"],
      optionalDocuments: [],
      referencesRequired: 1,
      requirements: NO_REQUIREMENTS,
    },
  ],
};

test("the canonical URL is absolute", () => {
  expect(universityUrl("harbour-university", BASE)).toBe(`${BASE}/university/harbour-university`);
});

describe("summarize", () => {
  test("keeps a short text, collapsing whitespace", () => {
    expect(summarize("  A   short\n text. ")).toBe("A short text.");
  });

  test("cuts a long text at a word, within the limit, with an ellipsis", () => {
    const text = "word ".repeat(60);
    const summary = summarize(text, 155);
    expect(summary.length).toBeLessThanOrEqual(155);
    expect(summary).toMatch(/word…$/);
  });
});

test("a missing description becomes a sentence of fact: the university and its country, nothing generated", () => {
  expect(describeUniversity({ name: "Kiwi College", country: "New Zealand", description: "  " })).toBe(
    "Kiwi College is a university in New Zealand.",
  );
  expect(describeUniversity({ name: "Kiwi College", country: "New Zealand", description: null })).toBe(
    "Kiwi College is a university in New Zealand.",
  );
});

test("absoluteImageUrl resolves site paths, keeps http(s) and drops data: URLs", () => {
  expect(absoluteImageUrl("/uploads/a.jpg", BASE)).toBe(`${BASE}/uploads/a.jpg`);
  expect(absoluteImageUrl("https://cdn.example/a.jpg", BASE)).toBe("https://cdn.example/a.jpg");
  expect(absoluteImageUrl("data:image/png;base64,AAAA", BASE)).toBeNull();
  expect(absoluteImageUrl(null, BASE)).toBeNull();
});

test("safeWebsite keeps http(s) URLs only", () => {
  expect(safeWebsite("http://web.mit.edu/")).toBe("http://web.mit.edu/");
  expect(safeWebsite("javascript:alert(1)")).toBeNull();
  expect(safeWebsite("not a url")).toBeNull();
  expect(safeWebsite(null)).toBeNull();
});

describe("universityJsonLd", () => {
  const data = universityJsonLd(university, BASE);
  const [college, program] = data["@graph"];
  const url = `${BASE}/university/harbour-university`;

  test("describes the CollegeOrUniversity", () => {
    expect(college).toEqual({
      "@type": "CollegeOrUniversity",
      "@id": url,
      name: university.name,
      url,
      sameAs: "https://harbour.example/",
      address: { "@type": "PostalAddress", addressCountry: "NZ" },
      description: "A university by the sea.",
      image: [`${BASE}/uploads/harbour.jpg`, "https://cdn.example/a.jpg"],
    });
  });

  test("lists each program beside it, provided by the university", () => {
    expect(program).toEqual({
      "@type": "EducationalOccupationalProgram",
      "@id": `${url}#program-41`,
      name: "Marine Biology",
      description: "Fish.",
      url,
      educationalCredentialAwarded: "MSc",
      timeToComplete: "P2Y",
      applicationDeadline: "2027-03-15",
      offers: { "@type": "Offer", price: "12000.00", priceCurrency: "USD", category: "Tuition" },
      provider: { "@id": url },
    });
  });

  test("serializes without a '<' that could close the script element, and parses back", () => {
    const json = serializeJsonLd(data);
    expect(json).not.toContain("<");
    expect(json).toContain("\\u003c/script>");
    expect(JSON.parse(json)).toEqual(data);
  });
});
