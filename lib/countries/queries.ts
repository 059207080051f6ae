import { prisma } from "@/lib/db/client";

export interface CountryDto {
  code: string;
  name: string;
}

// The databases may collate bytewise ("Åland Islands" after "Zimbabwe"); people expect
// dictionary order, so the short list is sorted here.
const byName = new Intl.Collator("en", { sensitivity: "base" });

/** Every country, by name (SPEC §7: GET /api/countries answers a list of {code, name}). */
export async function listCountries(): Promise<CountryDto[]> {
  const countries = await prisma.country.findMany({ select: { code: true, name: true } });
  return countries.sort((a, b) => byName.compare(a.name, b.name));
}
