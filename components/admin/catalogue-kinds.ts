// The catalogue entries with a form page of their own (adding and editing): what the pages call
// one, where its list and API are, and what the page says it is for.

export const CATALOGUE_KINDS = {
  programs: {
    noun: "Program",
    list: "/admin/programs",
    api: "/api/programs",
    back: "Back to programs",
    description: "Add a new academic program to a university.",
  },
  scholarships: {
    noun: "Scholarship",
    list: "/admin/scholarships",
    api: "/api/scholarships",
    back: "Back to scholarships",
    description:
      "A scholarship or other funding: who gives it, how much, who may apply and by when. Enter only what the provider states.",
  },
} as const;

export type CatalogueKind = keyof typeof CATALOGUE_KINDS;
