/**
 * SPEC §5: lowercase, runs of non-alphanumeric characters become a hyphen, leading and trailing
 * hyphens trimmed. Accents are folded first so that "Université de Montréal" reads
 * "universite-de-montreal" rather than "universit-de-montr-al".
 */
export function slugify(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{Mark}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * A slug for `name` that `isTaken` does not know yet: the plain slug, then the slug with the
 * country code ("university-of-example-us"), then numbered ("university-of-example-us-2").
 */
export function uniqueSlug(
  name: string,
  countryCode: string | null,
  isTaken: (slug: string) => boolean,
): string {
  const base = slugify(name) || "university";
  if (!isTaken(base)) return base;
  const withCountry = countryCode ? `${base}-${countryCode.toLowerCase()}` : base;
  if (!isTaken(withCountry)) return withCountry;
  for (let n = 2; ; n++) {
    const candidate = `${withCountry}-${n}`;
    if (!isTaken(candidate)) return candidate;
  }
}
