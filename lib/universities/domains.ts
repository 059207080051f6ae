// The web and e-mail domains of an institution, as the university list gives them (prisma/data).

/** Lowercased, without "www." or blanks, each once, in the list's order. */
export function listDomains(domains: string[]): string[] {
  const cleaned = domains
    .map((domain) =>
      domain
        .trim()
        .toLowerCase()
        .replace(/^www\./, ""),
    )
    .filter(Boolean);
  return [...new Set(cleaned)];
}
