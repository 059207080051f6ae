import { prisma } from "@/lib/db/client";

export interface CountryDto {
  code: string;
  name: string;
}

/** Every country, by name (SPEC §7: GET /api/countries answers a list of {code, name}). */
export function listCountries(): Promise<CountryDto[]> {
  return prisma.country.findMany({ select: { code: true, name: true }, orderBy: { name: "asc" } });
}
