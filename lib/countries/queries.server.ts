import "server-only";
import { prisma } from "@/lib/db/client.server";

export interface CountryDto {
  code: string;
  name: string;
}

// The databases may collate bytewise ("Åland Islands" after "Zimbabwe"); people expect
// dictionary order, so the short lists are sorted here.
const collator = new Intl.Collator("en", { sensitivity: "base" });
const byName = (a: { name: string }, b: { name: string }) => collator.compare(a.name, b.name);

/** Every country, by name (GET /api/countries answers a list of {code, name}). */
export async function listCountries(): Promise<CountryDto[]> {
  const countries = await prisma.country.findMany({ select: { code: true, name: true } });
  return countries.sort(byName);
}

export interface CountryWithCount extends CountryDto {
  universities: number;
}

/** Countries with at least one live university, by name: the choices of the country filters. */
export async function listCountriesWithUniversities(): Promise<CountryWithCount[]> {
  const rows = await prisma.$queryRaw<CountryWithCount[]>`
    SELECT c."code", c."name", count(*)::int AS "universities"
      FROM "countries" c JOIN "universities" u ON u."countryId" = c."id" AND u."archivedAt" IS NULL
     GROUP BY c."id"`;
  return rows.sort(byName);
}
