/**
 * Latin letters that Unicode does not decompose into a base letter and an accent, so folding
 * accents alone would drop them ("Øresund" would read "resund"): each written as the letters a
 * reader would type for it.
 */
const LATIN_LETTERS: Record<string, string> = {
  ß: "ss",
  ẞ: "ss",
  æ: "ae",
  Æ: "ae",
  œ: "oe",
  Œ: "oe",
  ø: "o",
  Ø: "o",
  ł: "l",
  Ł: "l",
  đ: "d",
  Đ: "d",
  ð: "d",
  Ð: "d",
  þ: "th",
  Þ: "th",
  ı: "i",
  ħ: "h",
  Ħ: "h",
  ŧ: "t",
  Ŧ: "t",
  ŋ: "n",
  Ŋ: "n",
  ĸ: "k",
  ſ: "s",
  ƒ: "f",
};
const LATIN_LETTER = new RegExp(`[${Object.keys(LATIN_LETTERS).join("")}]`, "gu");

/**
 * Lowercase, runs of non-alphanumeric characters become a hyphen, leading and trailing
 * hyphens trimmed. Letters are transliterated first: accents folded ("Université de Montréal"
 * reads "universite-de-montreal") and the Latin letters without a decomposition written out
 * ("Çağrı-Øresund" reads "cagri-oresund"), so no letter is dropped. Scripts other than Latin
 * are still dropped ("東京大学" has no slug of its own: see uniqueSlug).
 *
 * Only new universities and renames derive a slug with it: a stored slug is never re-derived, so
 * a change here changes no existing address. The seed keeps the derivation it always had
 * (seedSlugify), so that seeding an existing database again finds the universities it made.
 */
export function slugify(name: string): string {
  return seedSlugify(name.replace(LATIN_LETTER, (letter) => LATIN_LETTERS[letter]!));
}

/** The seed's slugs (and those before transliteration): accents folded, other letters dropped. */
export function seedSlugify(name: string): string {
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
  derive: (name: string) => string = slugify,
): string {
  const base = derive(name) || "university";
  if (!isTaken(base)) return base;
  const withCountry = countryCode ? `${base}-${countryCode.toLowerCase()}` : base;
  if (!isTaken(withCountry)) return withCountry;
  for (let n = 2; ; n++) {
    const candidate = `${withCountry}-${n}`;
    if (!isTaken(candidate)) return candidate;
  }
}
